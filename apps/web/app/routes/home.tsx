import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Home" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Home</h1>;
}
