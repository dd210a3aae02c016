/** The review inbox section and its sidebar badge selector. */
export { ReviewSection } from './ReviewSection'
export { selectReviewPendingCount } from './reviewSlice'
