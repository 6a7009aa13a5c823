import { describe, expect, it } from 'vitest';
import { amountWithUnit, explorerTransactionUrl, quoteListAmounts, roundUpAmount } from './crypto-amounts';

describe('roundUpAmount', () => {
  it.each([
    ['0.331', 2, '0.34'],
    ['0.3300', 2, '0.33'],
    ['0.016601', 4, '0.0167'],
    ['0.0166', 4, '0.0166'],
    ['50', 2, '50.00'],
    ['50.03', 2, '50.03'],
    ['0.999', 2, '1.00'],
    ['9.9999', 3, '10.000'],
    ['0.0000001', 4, '0.0001'],
    ['12.5', 0, '13'],
    [' 1.2 ', 2, '1.20'],
  ])('%s at %i decimals is %s', (amount, decimals, shown) => {
    expect(roundUpAmount(amount, decimals)).toBe(shown);
  });

  it('shows anything that is not a plain decimal as it came', () => {
    expect(roundUpAmount('1e-7', 2)).toBe('1e-7');
    expect(roundUpAmount('', 2)).toBe('');
    expect(roundUpAmount('-1.5', 2)).toBe('-1.5');
  });
});

describe('quoteListAmounts', () => {
  it('shows SOL at 2 decimals, ETH at 4 and both USDC at 2', () => {
    expect(
      quoteListAmounts({
        solAmount: '0.331',
        ethAmount: '0.016601',
        usdcAmount: '50.00',
        nextPaymentDate: '2026-12-24T00:00:00.000Z',
      }),
    ).toEqual({ SOL: '0.34', ETH: '0.0167', 'USDC-SPL': '50.00', 'USDC-ERC20': '50.00' });
  });
});

describe('amountWithUnit', () => {
  it('names the coin, not the chain', () => {
    expect(amountWithUnit('0.331', 'SOL')).toBe('0.331 SOL');
    expect(amountWithUnit('50.03', 'USDC-SPL')).toBe('50.03 USDC');
    expect(amountWithUnit('50.03', 'USDC-ERC20')).toBe('50.03 USDC');
    expect(amountWithUnit('0.016601', 'ETH')).toBe('0.016601 ETH');
  });
});

describe('explorerTransactionUrl', () => {
  it('appends the trimmed hash to the explorer prefix', () => {
    expect(explorerTransactionUrl('https://etherscan.io/tx/', ' 0xabc ')).toBe('https://etherscan.io/tx/0xabc');
    expect(explorerTransactionUrl('http://127.0.0.1:5000/_sim/solana/tx/', '5Yz')).toBe(
      'http://127.0.0.1:5000/_sim/solana/tx/5Yz',
    );
  });

  it('encodes what is typed, so a hash cannot change the address', () => {
    expect(explorerTransactionUrl('https://solscan.io/tx/', 'a/../b?c#d')).toBe(
      'https://solscan.io/tx/a%2F..%2Fb%3Fc%23d',
    );
  });

  it('gives no link without a hash or for an address that is not a web page', () => {
    expect(explorerTransactionUrl('https://etherscan.io/tx/', '   ')).toBeNull();
    expect(explorerTransactionUrl('javascript:alert(1)//', '0xabc')).toBeNull();
    expect(explorerTransactionUrl('not a url', '0xabc')).toBeNull();
  });
});
