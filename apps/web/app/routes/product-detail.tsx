import { CheckCircle2 } from "lucide-react";
import { NotFoundPanel } from "~/components/sections/not-found-panel";
import { PageHero } from "~/components/sections/page-hero";
import { DetailBody } from "~/components/sections/detail-body";
import { LinkButton } from "~/components/ui/button";
import { findProductPage } from "~/lib/product-pages";
import { productHref } from "~/lib/products";
import { detailRoute } from "~/lib/detail-route";
import { pageMeta } from "~/lib/seo";
import { breadcrumbList, softwareApplicationJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/product-detail";
import { contentPage } from "~/lib/page-handle";

const detail = detailRoute({
  param: "productId",
  key: "product",
  find: findProductPage,
  notFound: {
    title: "Product not found",
    description:
      "The product you are looking for does not exist. See our business software for e-commerce, point of sales, stock, HR, healthcare and warehouses.",
    path: "/",
  },
});

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const loader = ({ params }: Route.LoaderArgs) => detail.load({ params });
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => detail.load({ params });

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const product = loaderData?.product;
  if (!product) return detail.notFoundMeta();
  const path = productHref(product.id);
  return pageMeta({
    title: product.name,
    description: `${product.name}: ${product.summary.replace(/\.$/, "")}. ${product.audience}`.slice(0, 160),
    path,
    jsonLd: [
      softwareApplicationJsonLd({
        name: product.name,
        description: product.description,
        path,
        image: product.image,
        features: product.features,
      }),
      breadcrumbList([
        { name: "Home", path: "/" },
        { name: product.name, path },
      ]),
    ],
  });
};

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) {
    return <NotFoundPanel message="Product not found" backTo="/" backLabel="Back to the home page" />;
  }
  const path = productHref(product.id);
  const cta =
    product.cta === "packages"
      ? { label: "View Packages", href: "/packages" }
      : { label: "Request a Quote", href: "/quote" };
  return (
    <>
      <PageHero
        breadcrumbs={[
          { name: "Home", path: "/" },
          { name: product.name, path },
        ]}
        eyebrow="Our products"
        title={product.name}
        intro={product.headline}
      >
        <LinkButton to={cta.href} variant="inverse">
          {cta.label}
        </LinkButton>
      </PageHero>
      <DetailBody image={{ src: product.image, alt: `Illustration for ${product.name}` }}>
        <p className="text-lg leading-relaxed text-slate-700">{product.description}</p>
        <h2 className="mt-12 text-2xl font-bold text-ink">Key features</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {product.features.map((f) => (
            <li key={f} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {f}
            </li>
          ))}
        </ul>
        <h2 className="mt-12 text-2xl font-bold text-ink">Who it is for</h2>
        <p className="mt-4 text-slate-700">{product.audience}</p>
        <div className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
          <p className="text-lg text-ink">
            {product.cta === "packages"
              ? "Start with one of our fixed-price website packages, then add the online shop features you need."
              : "Every business is different. Tell us how you work and we will tailor the system and provide a clear quotation."}
          </p>
          <p className="mt-6">
            <LinkButton to={cta.href}>{cta.label}</LinkButton>
          </p>
        </div>
      </DetailBody>
    </>
  );
}
