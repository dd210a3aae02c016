export { AttachmentTray } from './AttachmentTray'
export { MessageAttachments } from './MessageAttachments'
export { attachmentBadge, attachmentRefs, describeAttachments, type AttachmentRef } from './attachmentRefs'
export { ATTACHMENT_ACCEPT, filesFrom } from './filesFrom'
