import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [{ title: "Contact Us" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Contact Us</h1>;
}
