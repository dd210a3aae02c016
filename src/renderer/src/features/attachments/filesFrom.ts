import { TEXT_EXTENSIONS } from '../../../../shared/attachments'

/** What the file picker offers: the images and PDFs the model reads, and text files (by type and by extension). */
export const ATTACHMENT_ACCEPT = [
  'image/jpeg,image/png,image/gif,image/webp,application/pdf,text/*,application/json',
  ...TEXT_EXTENSIONS.map((extension) => `.${extension}`)
].join(',')

/** The files of a paste or a drop (text pastes have none). */
export function filesFrom(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : []
}
