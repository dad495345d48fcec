import { type ElementType, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";
import { FADE_IN_THRESHOLD } from "~/validation/constants";

type FadeInProps<T extends ElementType> = {
  as?: T;
  className?: string;
  children?: React.ReactNode;
} & Omit<React.ComponentPropsWithoutRef<T>, "as" | "className" | "children">;

/**
 * Fades its content in when 10% of it becomes visible (SPEC.md section 9). An enhancement only
 * (PRODUCT.md reading 9): the server renders it visible; after hydration it is hidden only if it is
 * still below the fold, and never without IntersectionObserver or under prefers-reduced-motion.
 */
export function FadeIn<T extends ElementType = "div">({ as, className, children, ...props }: FadeInProps<T>) {
  const Comp: ElementType = as ?? "div";
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<"static" | "hidden" | "shown">("static");

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const rect = el.getBoundingClientRect();
    // Never hide what is already on screen (or above it, after a jump to an anchor).
    if (rect.top < window.innerHeight) return;
    // A section taller than ten screens could never be 10% visible: then any visibility counts.
    const threshold = rect.height * FADE_IN_THRESHOLD > window.innerHeight ? 0 : FADE_IN_THRESHOLD;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState("shown");
          observer.disconnect();
        }
      },
      { threshold },
    );
    setState("hidden");
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <Comp
      ref={ref}
      data-fade={state}
      className={cn(
        state !== "static" && "transition-[opacity,translate] duration-700 ease-out",
        state === "hidden" && "translate-y-6 opacity-0",
        className,
      )}
      {...props}
    >
      {children}
    </Comp>
  );
}
