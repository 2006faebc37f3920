import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Login" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Login</h1>;
}
