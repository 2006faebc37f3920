/** The spec's eight products (§2 Header), in its order; the mobile menu lists the first seven. */
export const PRODUCTS_IN_SPEC_ORDER = [
  "E-commerce Platform",
  "Shopping Cart System",
  "Point of Sales (POS)",
  "Stock Management System",
  "Health Care Management System",
  "Warehouse Management System",
  "HR Management System",
  "Library Management System",
];
