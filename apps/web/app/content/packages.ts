/** Web development and hosting packages (spec §9). One module feeds /packages and the home page. */
export interface Package {
  id: string;
  title: string;
  /** Price text as shown, pounds sterling. */
  price: string;
  /** Numeric price for structured data (GBP). */
  amount: number;
  /** 'one-time' for development, 'month' for hosting. */
  billing: "one-time" | "month";
  summary: string;
  features: readonly string[];
  popular: boolean;
}

export const webDevelopmentPackages = [
  {
    id: "web-basic",
    title: "Basic",
    price: "£250",
    amount: 250,
    billing: "one-time",
    summary: "A professional starting point for small businesses and sole traders.",
    features: ["5-page responsive website", "Essential SEO", "Contact form integration"],
    popular: false,
  },
  {
    id: "web-standard",
    title: "Standard",
    price: "£500",
    amount: 500,
    billing: "one-time",
    summary: "A custom-designed site with room to publish and sell.",
    features: ["10-page website", "Custom design", "Blog integration", "E-commerce ready"],
    popular: true,
  },
  {
    id: "web-premium",
    title: "Premium",
    price: "£1000",
    amount: 1000,
    billing: "one-time",
    summary: "For established businesses that need more pages and integrations.",
    features: [
      "20+ pages",
      "Feature-rich website",
      "API integrations",
      "Payment gateways",
      "Advanced security",
    ],
    popular: false,
  },
] as const satisfies readonly Package[];

export const hostingPackages = [
  {
    id: "hosting-basic",
    title: "Basic",
    price: "£2.99",
    amount: 2.99,
    billing: "month",
    summary: "For a single brochure website.",
    features: ["1 GB storage", "10 GB bandwidth", "1 domain"],
    popular: false,
  },
  {
    id: "hosting-standard",
    title: "Standard",
    price: "£6.99",
    amount: 6.99,
    billing: "month",
    summary: "For growing sites and several domains.",
    features: ["5 GB storage", "50 GB bandwidth", "5 domains"],
    popular: false,
  },
  {
    id: "hosting-premium",
    title: "Premium",
    price: "£14.99",
    amount: 14.99,
    billing: "month",
    summary: "For busy sites with no limits to watch.",
    features: ["Unlimited storage", "Unlimited bandwidth", "Unlimited domains"],
    popular: false,
  },
] as const satisfies readonly Package[];

export const billingLabel = (billing: Package["billing"]) => (billing === "month" ? "per month" : "one-time");
