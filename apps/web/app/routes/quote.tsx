import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () => [{ title: "Request a Quote" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Request a Quote</h1>;
}
