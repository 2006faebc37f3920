import { type ServiceSlug, findService, serviceSlug } from "./services";

/**
 * Content of each service page (spec §3, Service page): subtitle, intro, 'name – description'
 * offerings, closing text and image. Kept apart from services.ts so the card data on the home page
 * stays small.
 */
interface ServiceOffering {
  name: string;
  description: string;
}

export interface ServiceDetail {
  subtitle: string;
  intro: string;
  offerings: readonly ServiceOffering[];
  closing: string;
  /** File name (without extension) of the illustration in /images/services/. */
  image: string;
}

export const serviceDetails: Record<ServiceSlug, ServiceDetail> = {
  "internet-services": {
    subtitle: "Domains, hosting and business email, set up properly and looked after",
    intro:
      "Your website and email are often the first things a customer sees. We register and manage your domains, host your website on well-maintained servers and set up business email on your own domain, so your online presence is dependable and you have one team to call when something needs changing.",
    offerings: [
      {
        name: "Domain registration",
        description:
          "We find, register and renew the domains your business needs, and keep DNS records tidy and documented.",
      },
      {
        name: "Web hosting",
        description:
          "Monthly hosting plans sized to your website, with the storage, bandwidth and domains it needs.",
      },
      {
        name: "Business email",
        description:
          "Professional addresses on your own domain, configured with SPF, DKIM and DMARC so your messages reach the inbox.",
      },
      {
        name: "Migration and set-up",
        description:
          "We move existing sites and mailboxes across with a planned cut-over, so nothing is lost on the way.",
      },
    ],
    closing:
      "Tell us what you run today and where you want to be. We will recommend a hosting plan that fits and handle the move for you.",
    image: "internet-services",
  },
  "software-solutions": {
    subtitle: "Custom software that fits the way your business works",
    intro:
      "Off-the-shelf software rarely matches your processes exactly. We design and build custom web and desktop applications, develop APIs and connect the systems you already rely on, so information flows between teams without re-keying or spreadsheets.",
    offerings: [
      {
        name: "Custom web applications",
        description:
          "Browser-based systems for internal teams or customers, built around your workflows and user roles.",
      },
      {
        name: "Desktop applications",
        description:
          "Reliable Windows and cross-platform applications for tasks that need local hardware or offline use.",
      },
      {
        name: "API development",
        description:
          "Well-documented, secure APIs that let your products, partners and mobile apps share data safely.",
      },
      {
        name: "Systems integration",
        description:
          "Connecting accounting, CRM, e-commerce and ERP platforms so data is entered once and used everywhere.",
      },
    ],
    closing:
      "Every engagement starts with a conversation about the problem, not the technology. Share your requirements and we will propose a practical plan.",
    image: "software-solutions",
  },
  "mobile-app-development": {
    subtitle: "Native and cross-platform apps for iOS and Android",
    intro:
      "A good mobile app puts your service in your customers' pockets. We plan, design and build native and cross-platform apps, connect them to your back-end systems and guide them through App Store and Google Play review, then keep them up to date as operating systems change.",
    offerings: [
      {
        name: "Native development",
        description:
          "Swift and Kotlin apps for when performance, device features or platform conventions matter most.",
      },
      {
        name: "Cross-platform development",
        description:
          "One shared codebase for iOS and Android to reach both audiences sooner and with a single budget.",
      },
      {
        name: "UI/UX design",
        description:
          "Clickable prototypes tested with real users before development starts, so the app is easy to use.",
      },
      {
        name: "Store release and maintenance",
        description:
          "Store listings, review submissions, crash monitoring and updates for new operating system versions.",
      },
    ],
    closing:
      "Whether you have a detailed specification or just an idea, we can help you shape it into an app your customers will use.",
    image: "mobile-app-development",
  },
  "web-app-development": {
    subtitle: "Secure, scalable and high-performing web applications",
    intro:
      "Web applications let your customers and staff work from any device without installing anything. We build them to be secure by design, fast on everyday connections and ready to grow with your business, from customer portals to booking systems and internal dashboards.",
    offerings: [
      {
        name: "Customer portals",
        description:
          "Self-service areas where customers can view orders, invoices, bookings and support requests.",
      },
      {
        name: "Business dashboards",
        description:
          "Real-time views of sales, operations and performance data drawn from the systems you already use.",
      },
      {
        name: "Progressive web apps",
        description:
          "Installable, fast-loading web apps that work well on mobile devices and patchy connections.",
      },
      {
        name: "Security and performance",
        description:
          "Secure coding practices, access control, encrypted data and performance testing before launch.",
      },
    ],
    closing:
      "Share the process you want to move online and we will show you how a web application could simplify it.",
    image: "web-app-development",
  },
  "erp-consultation": {
    subtitle: "Implementation, customisation and support for your ERP",
    intro:
      "An enterprise resource planning system brings finance, stock, purchasing, sales and people together in one place, but only if it is set up to match how you work. We help you choose, implement and customise ERP software, migrate your data and support your team long after go-live.",
    offerings: [
      {
        name: "Needs assessment",
        description:
          "We map your current processes and pain points to define what your ERP must do before anything is bought.",
      },
      {
        name: "Implementation",
        description:
          "Configuration, data migration, user training and a planned go-live that keeps your business running.",
      },
      {
        name: "Customisation",
        description:
          "Reports, workflows and integrations tailored to your organisation rather than forcing workarounds.",
      },
      {
        name: "Ongoing support",
        description:
          "Help-desk support, updates and improvements as your organisation and its requirements change.",
      },
    ],
    closing: "Considering a new ERP, or struggling with the one you have? Talk to us about an assessment.",
    image: "erp-consultation",
  },
  "cctv-&-surveillance-solutions": {
    subtitle: "Installation, maintenance and monitoring for your premises",
    intro:
      "A well-designed surveillance system deters crime, protects staff and gives you clear footage when you need it. We survey your site, recommend suitable cameras and recording equipment, install them neatly and keep the system working with planned maintenance and remote monitoring.",
    offerings: [
      {
        name: "Site survey and design",
        description:
          "We assess entrances, blind spots and lighting to plan camera positions that cover what matters.",
      },
      {
        name: "Installation",
        description:
          "IP cameras, network video recorders and cabling installed tidily, with remote viewing on phones and PCs.",
      },
      {
        name: "Maintenance",
        description:
          "Scheduled health checks, firmware updates, lens cleaning and repairs to keep recordings reliable.",
      },
      {
        name: "Monitoring",
        description:
          "Alerts for camera faults and storage issues, so problems are fixed before footage is needed.",
      },
    ],
    closing: "Book a site survey and we will recommend a system sized for your premises and your budget.",
    image: "cctv-surveillance-solutions",
  },
  "hardware-solutions": {
    subtitle: "Installation, maintenance, upgrades and secure recycling",
    intro:
      "Your people can only work as well as their equipment allows. We supply, install and maintain desktops, laptops, servers and networking equipment, plan upgrades before old kit slows you down, and recycle retired hardware securely once your data has been removed.",
    offerings: [
      {
        name: "Installation",
        description:
          "Workstations, servers, printers and network equipment set up, configured and documented.",
      },
      {
        name: "Maintenance and repair",
        description: "Preventive maintenance and prompt repairs to reduce downtime across your offices.",
      },
      {
        name: "Upgrades",
        description:
          "Planned refreshes of memory, storage and devices to extend the useful life of your equipment.",
      },
      {
        name: "Secure recycling",
        description:
          "Retired equipment is wiped, recorded and recycled responsibly, so none of your data leaves with it.",
      },
    ],
    closing:
      "Tell us about your current equipment and plans, and we will suggest a sensible approach to maintenance and upgrades.",
    image: "hardware-solutions",
  },
  "security-solutions": {
    subtitle: "Cybersecurity, data protection and secure erasure",
    intro:
      "Cyber attacks and data breaches affect businesses of every size. We review how your systems and data are protected, close the gaps we find and help your team build secure habits, so your customers' information and your reputation stay safe.",
    offerings: [
      {
        name: "Security assessment",
        description:
          "A review of your devices, networks, accounts and cloud services with a prioritised list of fixes.",
      },
      {
        name: "Cybersecurity protection",
        description:
          "Firewalls, endpoint protection, multi-factor authentication and patching set up and maintained.",
      },
      {
        name: "Data protection",
        description:
          "Backups, encryption and access controls that help you meet your obligations under UK GDPR.",
      },
      {
        name: "Secure erasure",
        description:
          "Data wiped from retired drives and devices using recognised methods, with a record for your files.",
      },
    ],
    closing: "Not sure how exposed your business is? Start with an assessment and a clear, prioritised plan.",
    image: "security-solutions",
  },
};

export const serviceImage = (detail: Pick<ServiceDetail, "image">) => `/images/services/${detail.image}.svg`;

/** A service's card data plus its page content, or undefined for an unknown serviceType. */
export function findServicePage(slug: string | undefined) {
  const service = findService(slug);
  if (!service) return undefined;
  return { ...service, ...serviceDetails[serviceSlug(service.title) as ServiceSlug] };
}
