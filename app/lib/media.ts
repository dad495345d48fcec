// A media library file as the server lists it and the admin shows it (docs/decisions/0088-media-library.md).

export type MediaKind = "image" | "video";

export interface MediaUse {
  /** What uses the file, in words: 'Service “Roofing”', 'History of project “Villa”', 'Site content: Gallery'. */
  label: string;
  /** Where an admin sees that use, or null for a table this code has no page for. */
  href: string | null;
}

export interface MediaItem {
  key: string;
  url: string;
  name: string;
  kind: MediaKind;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  createdAt: string;
  /** The uploader's name (or email); null for a file found in storage or whose uploader is gone. */
  uploadedBy: string | null;
  uses: MediaUse[];
}
