/** The review inbox section and its sidebar badge selector. */
export { ReviewSection } from './ReviewSection'
export { selectReviewPendingCount } from './reviewSlice'
export { FactSourceLink, describeFactSource, quoteChatTitle } from './FactSourceLink'
export { FACT_TYPE_LABELS } from './factTypes'
