import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [{ title: "About Us" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">About Us</h1>;
}
