// @avanode/client: the generated client (./generated) and the hand-written helpers beside it.
export * from './generated/index.js';
export { MAX_UTXOS_PER_PAGE, PaginationError, paginateUTXOs, type PaginateUTXOsOptions } from './paginate-utxos.js';
export { TxFailedError, TxWaitTimeoutError, waitForTx, type FinalTxStatus, type WaitForTxOptions } from './wait-for-tx.js';
