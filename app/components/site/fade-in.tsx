import type { ElementType } from "react";
import { ATTR, dataAttr, FADE } from "~/islands/attributes";

type FadeInProps<T extends ElementType> = {
  as?: T;
  className?: string;
  children?: React.ReactNode;
} & Omit<React.ComponentPropsWithoutRef<T>, "as" | "className" | "children">;

/**
 * A section that fades in when 10% of it becomes visible (docs/product.md#limits). An enhancement only
 * (docs/product.md#fade-in-as-an-enhancement): the server renders it visible (`FADE.static`); app/islands/site.ts
 * hides it only if it is still below the fold, and never under prefers-reduced-motion. The styles
 * for each state are in app/site-styles/states.css.
 */
export function FadeIn<T extends ElementType = "div">({ as, className, children, ...props }: FadeInProps<T>) {
  const Comp: ElementType = as ?? "div";
  return (
    <Comp {...dataAttr(ATTR.fade, FADE.static)} className={className} {...props}>
      {children}
    </Comp>
  );
}
