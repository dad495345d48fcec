"use client"

import * as React from "react"
import {
  CircleCheckIcon,
  InfoIcon,
  Loader2Icon,
  OctagonXIcon,
  TriangleAlertIcon,
} from "lucide-react"
import { Toaster as Sonner, type ToasterProps } from "sonner"

import { cn } from "~/lib/utils"

// Light theme only (no next-themes). Loaded on demand by ./sonner.tsx, which is what the app imports.
const Toaster = ({ className, style, ...props }: ToasterProps) => {
  return (
    <Sonner
      theme="light"
      className={cn("toaster group", className)}
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
          // Rich colours with text at 4.5:1 or more on their background (sonner's own greens and reds fail WCAG AA):
          // emerald-800 on emerald-50 (7.6:1), red-800 on red-50 (7.9:1), sky-900 on sky-50, amber-900 on amber-50.
          "--success-bg": "#ecfdf5",
          "--success-border": "#a7f3d0",
          "--success-text": "#065f46",
          "--error-bg": "#fef2f2",
          "--error-border": "#fecaca",
          "--error-text": "#991b1b",
          "--info-bg": "#f0f9ff",
          "--info-border": "#bae6fd",
          "--info-text": "#0c4a6e",
          "--warning-bg": "#fffbeb",
          "--warning-border": "#fde68a",
          "--warning-text": "#78350f",
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  )
}

export default Toaster
