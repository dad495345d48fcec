import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work trees or test runs keep separate builds; server.mjs reads the same variable.
  buildDirectory: process.env.BUILD_DIR || "build",
  future: {
    v8_middleware: false,
  },
} satisfies Config;
