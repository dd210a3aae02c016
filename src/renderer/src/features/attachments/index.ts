export { AttachmentTray } from './AttachmentTray'
export { MessageAttachments } from './MessageAttachments'
export { attachmentRefs, describeAttachments, type AttachmentRef } from './attachmentRefs'
export { IMAGE_AND_PDF_ACCEPT, filesFrom } from './filesFrom'
