export { insertApprovedFact } from '../../src/core/memory/testing/approvedFact'
