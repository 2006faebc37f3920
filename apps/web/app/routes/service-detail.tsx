import { data } from "react-router";
import { findService } from "~/content/services";
import type { Route } from "./+types/service-detail";

function load(serviceType: string | undefined) {
  const service = findService(serviceType);
  return service ? { service } : { service: null };
}

export const loader = ({ params }: Route.LoaderArgs) => data(load(params.serviceType));
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => load(params.serviceType);

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  if (!loaderData.service) return <p className="px-4">Service not found.</p>;
  return <h1 className="px-4 text-3xl font-bold">{loaderData.service.title}</h1>;
}
