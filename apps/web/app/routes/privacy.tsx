import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Privacy Notice" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Privacy Notice</h1>;
}
