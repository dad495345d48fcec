import { Icon } from "~/components/site/icon";

// Brand marks are not in lucide-react 1.x; these are simple outlines in the same 24px grid.
const PATHS: Record<string, React.ReactNode> = {
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </>
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  twitter: <path d="M4 4l16 16M20 4L4 20" />,
};

/** A social platform's mark (by the entry's icon name, else guessed from its URL). */
export function SocialIcon({ platform }: { platform: string }) {
  const paths = PATHS[platform];
  if (!paths) return <Icon name="globe" />;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths}
    </svg>
  );
}

export function socialPlatform(icon: string | null, url: string): string {
  if (icon && PATHS[icon]) return icon;
  const host = url.toLowerCase();
  if (host.includes("facebook.")) return "facebook";
  if (host.includes("instagram.")) return "instagram";
  if (host.includes("linkedin.")) return "linkedin";
  if (host.includes("twitter.") || host.includes("x.com")) return "twitter";
  return "website";
}
