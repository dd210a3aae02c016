/** What the file picker offers: the types the model reads. */
export const IMAGE_AND_PDF_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf'

/** The files of a paste or a drop (text pastes have none). */
export function filesFrom(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : []
}
