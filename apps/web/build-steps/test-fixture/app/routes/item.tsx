import { data, useLoaderData } from "react-router";
import { greeting } from "../greeting";

const items: Record<string, string> = { first: "The first item" };
const load = (id: string | undefined) => ({ title: (id && items[id]) || null });

export const loader = ({ params }: { params: { id?: string } }) => data(load(params.id));
export const clientLoader = ({ params }: { params: { id?: string } }) => load(params.id);

export const meta = () => [{ title: "Fixture item" }];

export default function Item() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{title ?? "Item not found"}</h1>
      <p>{greeting("item")}</p>
    </main>
  );
}
