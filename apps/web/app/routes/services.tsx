import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () => [{ title: "Our Services" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Our Services</h1>;
}
