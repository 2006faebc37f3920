import { Link } from "react-router";
import { greeting } from "../greeting";

export const meta = () => [{ title: "Fixture home" }];

export default function Home() {
  return (
    <main>
      <h1>{greeting("fixture")}</h1>
      <Link to="/items/first">First item</Link>
    </main>
  );
}
