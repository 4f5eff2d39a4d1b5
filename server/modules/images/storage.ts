/** Where image files live in the media storage (server/storage/): originals and renditions. */
export const originalKey = (slug: string, suffix: string, extension: string) =>
  `original_images/${slug}-${suffix}.${extension}`;

export const renditionKey = (imageId: number, requestedWidth: number, format: string) =>
  `renditions/${imageId}/w${requestedWidth}.${format}`;
