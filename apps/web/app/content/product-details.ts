import { type ProductId, findProduct } from "./products";

/**
 * Content of each product page (spec §3, Product page): headline, description, key features and
 * audience. Kept apart from products.ts so the header's data, loaded on every page, stays small.
 */
interface ProductDetail {
  /** One-line headline under the product name. */
  headline: string;
  description: string;
  features: readonly string[];
  /** Who the product is for. */
  audience: string;
}

const productDetails: Record<ProductId, ProductDetail> = {
  "ecommerce-platform": {
    headline: "A complete online shop, ready to take orders",
    description:
      "Launch a secure online store with a product catalogue, customer accounts, order management and card payments. The platform is mobile-friendly from the start, so customers can browse and buy comfortably on any device, and your team manages everything from one straightforward dashboard.",
    features: [
      "Product catalogue with categories, variants and stock levels",
      "Secure checkout with payment gateway integration",
      "Customer accounts, order history and e-mail notifications",
      "Discount codes, delivery options and tax settings",
      "Sales reports and search-friendly product pages",
    ],
    audience: "Retailers and brands selling directly to consumers or trade customers online.",
  },
  "shopping-cart-system": {
    headline: "Fast, reliable checkout for your existing website",
    description:
      "Add a shopping cart and checkout to the website you already have, without rebuilding it. Customers can add items, review their basket and pay securely, while orders arrive in your inbox and dashboard ready to fulfil.",
    features: [
      "Basket that remembers items between visits",
      "Guest and account checkout",
      "Payment gateway integration",
      "Order notifications for you and your customers",
      "Works alongside your existing website design",
    ],
    audience: "Businesses with an established website who want to start selling online quickly.",
  },
  pos: {
    headline: "Quick billing, receipts and clear sales reports",
    description:
      "Serve customers faster with a point of sales system built for busy counters. Ring up sales, print or e-mail receipts, accept different payment methods and see at a glance how each day, product and till is performing.",
    features: [
      "Fast product look-up and barcode scanning",
      "Cash, card and split payments",
      "Printed and e-mailed receipts",
      "Daily takings, refunds and end-of-day reports",
      "Stock levels updated with every sale",
    ],
    audience: "Shops, cafés, restaurants and service counters that need dependable billing.",
  },
  "stock-management": {
    headline: "Know what you have, where it is and when to reorder",
    description:
      "Keep accurate stock records across one or several locations. Track goods in and out, set reorder levels, and stop running out of best sellers or tying up cash in items that do not move.",
    features: [
      "Real-time stock levels by location",
      "Goods received, transfers and adjustments",
      "Reorder alerts and purchase orders",
      "Supplier records and price history",
      "Stock valuation and movement reports",
    ],
    audience: "Retailers, wholesalers and distributors who hold physical stock.",
  },
  "healthcare-management": {
    headline: "Patients, appointments and records in one place",
    description:
      "Give clinics and practices one system for patient registration, appointment booking, medical records and billing. Staff spend less time on paperwork and more time with patients, with access controls that keep sensitive information protected.",
    features: [
      "Patient registration and history",
      "Appointment scheduling and reminders",
      "Clinical notes and prescriptions",
      "Billing and payment records",
      "Role-based access to sensitive data",
    ],
    audience: "Clinics, medical centres and private practices.",
  },
  "warehouse-management": {
    headline: "Receiving, picking and dispatch under control",
    description:
      "Run your warehouse with fewer errors and faster turnaround. Organise storage locations, guide staff through receiving, picking and packing, and track each order until it leaves the building.",
    features: [
      "Bin and location management",
      "Receiving and put-away workflows",
      "Pick lists, packing and dispatch",
      "Barcode scanning support",
      "Order tracking and productivity reports",
    ],
    audience: "Distributors, logistics providers and businesses with their own warehouse.",
  },
  "hr-management": {
    headline: "Staff records, leave, attendance and payroll in one place",
    description:
      "Replace spreadsheets and paper forms with one system for your people. Keep employee records up to date, let staff request leave online, record attendance and prepare payroll information accurately every month.",
    features: [
      "Central employee records and documents",
      "Online leave requests and approvals",
      "Attendance and working-hours tracking",
      "Payroll preparation and payslips",
      "Reports for managers and HR",
    ],
    audience: "Growing organisations that want consistent, well-organised HR administration.",
  },
  "library-management": {
    headline: "Catalogue, lending and members, simplified",
    description:
      "Manage your collection and members without the card files. Catalogue books and media, issue and return items in seconds, send overdue reminders and let members search the catalogue themselves.",
    features: [
      "Catalogue with search by title, author and subject",
      "Issue, return and renewal with barcode support",
      "Member records and borrowing history",
      "Overdue reminders and fines",
      "Collection and circulation reports",
    ],
    audience: "Schools, colleges, universities and community libraries.",
  },
};

/** A product's header data plus its page content, or undefined for an unknown productId. */
export function findProductPage(id: string | undefined) {
  const product = findProduct(id);
  if (!product) return undefined;
  return { ...product, ...productDetails[product.id] };
}
