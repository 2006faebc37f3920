import type { Route } from "./+types/careers";

export const meta: Route.MetaFunction = () => [{ title: "Careers" }];

export default function Page() {
  return <h1 className="px-4 text-3xl font-bold">Careers</h1>;
}
