import type { FaqEntry, FeatureCard, GalleryImage, NavLink, ProjectSummary, ServiceSummary, Testimonial } from "./types";

// The fixed marketing content of the public site (docs/product.md#fixed-content):
// why-choose-us, about, testimonials, gallery, FAQ, footer services and the built-in sample cards.
// Images are the site's own files under public/images.

export const NAV_LINKS: readonly NavLink[] = [
  { label: "Home", sectionId: "home" },
  { label: "About", sectionId: "about" },
  { label: "Services", sectionId: "services" },
  { label: "Projects", sectionId: "projects" },
  { label: "Contact", sectionId: "contact" },
];

export const HERO = {
  eyebrow: "Design · Build · Renovate · Maintain",
  title: "Building the Maldives, Island by Island",
  description:
    "From family homes in Hulhumalé to overwater villas in South Ari, we plan, build and look after buildings made for island life, with one accountable team from the first sketch to handover.",
  defaultImage: "/images/hero-maldives.webp",
} as const;

/** docs/product.md#hero: static hero stats. */
export const HERO_STATS = [
  { value: "50+", label: "Projects Completed" },
  { value: "25+", label: "Team Members" },
  { value: "10+", label: "Years Experience" },
] as const;

export const WHY_CHOOSE_US: readonly FeatureCard[] = [
  {
    icon: "shield",
    title: "Safety First",
    description:
      "Certified site supervisors, daily toolbox talks and proper scaffolding on every job, whether in Male or on a remote island.",
  },
  {
    icon: "clock",
    title: "On-Time Delivery",
    description: "Realistic programmes with barge schedules, monsoon weather and material lead times planned in from day one.",
  },
  {
    icon: "users",
    title: "Skilled Local Team",
    description: "Engineers, supervisors and craftsmen who know Maldivian building regulations, council approvals and island conditions.",
  },
  {
    icon: "award",
    title: "Quality Materials",
    description: "Marine-grade concrete, corrosion-resistant reinforcement and finishes chosen to last in salt air, sun and humidity.",
  },
  {
    icon: "leaf",
    title: "Sustainable Building",
    description: "Rainwater harvesting, solar-ready roofs and careful waste handling that protect the reefs and lagoons around every site.",
  },
  {
    icon: "handshake",
    title: "Transparent Pricing",
    description: "Itemised quotes, milestone-based payments and weekly progress reports, so the final invoice holds no surprises.",
  },
];

export const ABOUT = {
  title: "About {company}",
  lead: "A Maldivian construction company built on honest advice and careful work.",
  paragraphs: [
    "Since 2015 {company} has delivered homes, guest houses, resort villas, schools, offices and marine works across the Maldives. We started with a small crew in Male and have grown into a team of engineers, architects, site managers and craftsmen who work from Haa Alif to Addu.",
    "Building on islands brings its own challenges: every bag of cement arrives by boat, salt air attacks steel and the monsoon sets the calendar. We plan for all of it, so our clients get buildings that are sound, comfortable and delivered when we said they would be.",
  ],
  image: "/images/about-team.webp",
  imageAlt: "Five members of our site team in hard hats and safety vests in front of a building under construction",
  vision: {
    title: "Our Vision",
    statement:
      "To be the most trusted builder in the Maldives, creating homes, resorts and public spaces that stand strong for generations.",
    points: [
      "Set the standard for quality construction across every atoll",
      "Build resilient structures ready for a changing climate",
      "Grow local skills and careers in the construction industry",
    ],
  },
  mission: {
    title: "Our Mission",
    statement:
      "To deliver every project safely, on time and on budget, with clear communication from the first meeting to the final handover.",
    points: [
      "Put safety and quality first on every site",
      "Keep clients informed with weekly progress updates",
      "Use materials and methods suited to island life",
      "Respect the environment, local communities and the reef",
    ],
  },
} as const;

/** docs/product.md#testimonials: 4 fixed testimonials, rating 5, with a static average of 4.9. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Ahmed Shareef",
    position: "Guest House Owner, Maafushi",
    content:
      "They built our twelve-room guest house in under ten months. The site manager sent photos every week, so we always knew where things stood while we were working in Male.",
    rating: 5,
    initials: "AS",
  },
  {
    name: "Sarah Mitchell",
    position: "Development Manager, South Ari Resort",
    content:
      "Building next to paying guests is never easy, but their team planned every barge delivery and kept the noise away from our villas. Everything was handed over on schedule.",
    rating: 5,
    initials: "SM",
  },
  {
    name: "Mohamed Naseem",
    position: "Homeowner, Hulhumalé",
    content:
      "From the first drawings to the final coat of paint they were honest about costs and quick to answer our questions. Our family home is exactly what we imagined.",
    rating: 5,
    initials: "MN",
  },
  {
    name: "Aishath Rasheeda",
    position: "Facilities Director, Lagoon Holdings",
    content:
      "Their maintenance team keeps our office building in top condition. Call-outs are answered the same week, and the annual contract has cut our repair bills.",
    rating: 5,
    initials: "AR",
  },
];

export const TESTIMONIAL_AVERAGE = 4.9;

export const GALLERY: readonly GalleryImage[] = [
  {
    src: "/images/gallery-1.webp",
    alt: "Workers tying steel reinforcement across a foundation excavation",
    title: "Foundation Reinforcement",
    category: "Construction",
  },
  {
    src: "/images/gallery-2.webp",
    alt: "A concrete pump truck pouring a roof slab while a mixer truck waits beside the building",
    title: "Roof Slab Concrete Pour",
    category: "Construction",
  },
  {
    src: "/images/gallery-3.webp",
    alt: "Workers assembling a two-storey structural steel frame by the sea",
    title: "Structural Steel Frame",
    category: "Industrial",
  },
  {
    src: "/images/gallery-4.webp",
    alt: "A renovated living room with a timber ceiling and floor-to-ceiling windows facing the beach",
    title: "Villa Interior Renovation",
    category: "Renovation",
  },
  {
    src: "/images/gallery-5.webp",
    alt: "A timber-clad beach villa with glowing windows under palm trees at dusk",
    title: "Beach Villa at Dusk",
    category: "Hospitality",
  },
  {
    src: "/images/gallery-6.webp",
    alt: "A crane barge driving piles for a new jetty in the harbour",
    title: "Jetty Piling Works",
    category: "Marine",
  },
];

/** docs/product.md#faq: 8 fixed questions; the first is open initially. */
export const FAQ: readonly FaqEntry[] = [
  {
    question: "What types of projects do you take on?",
    answer:
      "We build and renovate homes, guest houses, apartment blocks, offices, warehouses, schools and resort facilities, including overwater and beach villas. We also offer architectural and interior design, project management and building maintenance.",
  },
  {
    question: "Do you work on islands outside Male?",
    answer:
      "Yes. We work across all atolls. For island projects we plan sea transport, crew accommodation and material storage as part of the programme, and include these costs clearly in our quote.",
  },
  {
    question: "How much does it cost to build a house in the Maldives?",
    answer:
      "It depends on the island, the size of the building and the finishes you choose, because transport and materials vary a lot. After a free consultation we give you an itemised quote, so you can see exactly where the money goes.",
  },
  {
    question: "How long does a typical project take?",
    answer:
      "A renovation usually takes 3 to 16 weeks, a family home 6 to 14 months and a resort development 8 to 24 months. You receive a detailed programme with milestones before work starts, and weekly progress reports once it does.",
  },
  {
    question: "Can you handle permits and council approvals?",
    answer:
      "Yes. We prepare the drawings and documents for building permits, work with island councils and the relevant ministries, and keep you informed at every stage of the approval process.",
  },
  {
    question: "Do you offer a warranty on your work?",
    answer:
      "New buildings come with a 10-year structural warranty and a defects liability period of at least one year. Renovations carry a 2-year workmanship warranty, and maintenance repairs a 90-day guarantee.",
  },
  {
    question: "Can you work at an operating resort without disturbing guests?",
    answer:
      "Yes. We agree working hours, noise limits, delivery routes and safety zones with the resort before we start, prefabricate where we can and keep guest areas clean and quiet throughout.",
  },
  {
    question: "How do I get a quote?",
    answer:
      "Send us your project type and details with the contact form below, or call our office. We reply within 24 hours and arrange a free site visit or video call to understand what you need.",
  },
];

/** docs/product.md#header-and-footer: the footer lists 8 service names. */
export const FOOTER_SERVICES: readonly string[] = [
  "Homes & Villas",
  "Commercial Buildings",
  "Resort & Hospitality",
  "Renovation & Remodelling",
  "Architectural Design",
  "Interior Fit-Out",
  "Project Management",
  "Building Maintenance",
];

/** The id prefix that marks a built-in sample card (never a link). */
export const SAMPLE_ID_PREFIX = "default-";

/** docs/product.md#services-section: 3 sample services (pricing models Project-based, Custom Quote, Per Square Meter). */
export const SAMPLE_SERVICES: readonly ServiceSummary[] = [
  {
    id: "default-1",
    title: "Residential & Commercial Construction",
    short_description: "New homes, guest houses and commercial buildings, built from the foundations up for the Maldivian climate.",
    category: "Construction",
    service_type: "construction",
    pricing_model: "Project-based",
    featured_image_url: "/images/svc-construction.webp",
  },
  {
    id: "default-2",
    title: "Project Management & Consulting",
    short_description: "Independent planning, cost control and site supervision so your build stays on time and on budget.",
    category: "Consulting",
    service_type: "consulting",
    pricing_model: "Custom Quote",
    featured_image_url: "/images/svc-consulting.webp",
  },
  {
    id: "default-3",
    title: "Renovation & Interior Fit-Out",
    short_description: "Kitchens, bathrooms, extensions and complete interior refurbishments for homes and offices.",
    category: "Renovation",
    service_type: "renovation",
    pricing_model: "Per Square Meter",
    featured_image_url: "/images/svc-renovation.webp",
  },
];

/** docs/product.md#projects-section: 3 sample projects (completed 100%, in progress 85%, in progress 70%). */
export const SAMPLE_PROJECTS: readonly ProjectSummary[] = [
  {
    id: "default-1",
    title: "Beachfront Family Villa",
    short_description: "A two-storey villa with a pool and shaded terraces, finished in salt-resistant materials.",
    category: "Residential",
    project_location: "Baa Atoll",
    completion_percentage: 100,
    status: "completed",
    featured_image_url: "/images/proj-villa.webp",
    is_featured: true,
  },
  {
    id: "default-2",
    title: "Resort Staff Housing",
    short_description: "Forty modern apartments for resort staff, with shared kitchens, laundry and recreation areas.",
    category: "Hospitality",
    project_location: "Lhaviyani Atoll",
    completion_percentage: 85,
    status: "in_progress",
    featured_image_url: "/images/proj-apartments.webp",
    is_featured: false,
  },
  {
    id: "default-3",
    title: "Harbour Jetty Upgrade",
    short_description: "A new reinforced-concrete jetty with fendering and solar lighting for an island harbour.",
    category: "Marine",
    project_location: "Addu City",
    completion_percentage: 70,
    status: "in_progress",
    featured_image_url: "/images/proj-jetty.webp",
    is_featured: false,
  },
];

export const isSampleId = (id: string) => id.startsWith(SAMPLE_ID_PREFIX);
