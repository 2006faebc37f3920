import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [{ title: "Register" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Register</h1>;
}
