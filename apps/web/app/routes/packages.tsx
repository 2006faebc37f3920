import type { Route } from "./+types/packages";

export const meta: Route.MetaFunction = () => [{ title: "Our Packages" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Our Packages</h1>;
}
