// @avanode/wallet: keys, fees, builders and signatures for P-chain transactions (in progress).
export {};
