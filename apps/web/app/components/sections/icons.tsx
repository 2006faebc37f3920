import {
  Briefcase,
  Cctv,
  Clock,
  Code,
  Eye,
  Gauge,
  Globe,
  Handshake,
  Headset,
  Layers,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  PencilRuler,
  Rocket,
  Search,
  Server,
  ShieldCheck,
  Smartphone,
  Target,
  Users,
} from "lucide-react";
import type { IconName } from "@site/content";

/** One map from the content's icon names (packages/content's ICONS) to lucide icons. */
const icons: Record<IconName, LucideIcon> = {
  globe: Globe,
  code: Code,
  smartphone: Smartphone,
  layout: LayoutDashboard,
  briefcase: Briefcase,
  cctv: Cctv,
  server: Server,
  shield: ShieldCheck,
  users: Users,
  search: Search,
  target: Target,
  pencil: PencilRuler,
  rocket: Rocket,
  "life-buoy": LifeBuoy,
  layers: Layers,
  handshake: Handshake,
  clock: Clock,
  gauge: Gauge,
  eye: Eye,
  headset: Headset,
};

function ContentIcon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" focusable="false" className={className} strokeWidth={1.75} />;
}

/** Icon in a tinted rounded square, used on cards. */
export function IconBadge({ name, tone = "light" }: { name: IconName; tone?: "light" | "dark" }) {
  const colours = tone === "light" ? "bg-brand-50 text-brand-700" : "bg-white/10 text-white";
  return (
    <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ${colours}`}>
      <ContentIcon name={name} />
    </span>
  );
}
