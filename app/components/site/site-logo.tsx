import { IconBox } from "~/components/site/icon";
import { fallbackAttributes, fallbackImageAttributes } from "~/i18n/localize";
import type { Logo } from "~/lib/branding";

/** The logo: an uploaded image, or the mark and the text (docs/product.md#header-and-footer: image or text per settings). */
export function SiteLogo({ logo, tone = "dark" }: { logo: Logo; tone?: "dark" | "light" }) {
  if (logo.kind === "image") {
    return <img src={logo.src} alt={logo.alt} className="logo-img" {...fallbackImageAttributes(logo.english ?? false)} />;
  }
  return (
    <span className={tone === "light" ? "logo logo-light" : "logo"}>
      <IconBox name="building-2" className="logo-mark" />
      <span {...fallbackAttributes(logo.english ?? false)}>{logo.text}</span>
    </span>
  );
}
