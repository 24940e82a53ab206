// Validator throughput (MB/s of response JSON) and time per small result; the baseline is
// JSON.parse of the same bytes, measured in the same run.
import { validatePlatformGetCurrentValidatorsResult, validatePlatformGetHeightResult } from '@avanode/validators';
import { fixed, quick, rounded, runAlone, timePerCall } from './measure.mjs';
import { bigValidatorsBody, VALIDATOR_SET } from './payloads.mjs';

export async function run() {
  const body = bigValidatorsBody();
  const result = JSON.parse(body).result;
  const mb = Buffer.byteLength(body) / 2 ** 20;
  const iterations = quick ? 2 : 30;
  const parse = await timePerCall(async () => JSON.parse(body), iterations);
  const validate = await timePerCall(async () => validatePlatformGetCurrentValidatorsResult(result), iterations);
  const small = { height: '1204' };
  const smallText = '{"height":"1204"}';
  const smallIterations = quick ? 1000 : 200_000;
  const smallParse = await timePerCall(async () => JSON.parse(smallText), smallIterations);
  const smallValidate = await timePerCall(async () => validatePlatformGetHeightResult(small), smallIterations);
  return {
    id: 'validators',
    title: 'Validators',
    rows: [
      {
        figure: `platform.getCurrentValidators result, ${VALIDATOR_SET} (${fixed(mb, 1)} MB of JSON)`,
        value: rounded(mb / (validate / 1000)), unit: 'MB/s',
        baseline: { name: 'JSON.parse of the same bytes', value: rounded(mb / (parse / 1000)), unit: 'MB/s' },
        ratio: { value: rounded(validate / parse, 2), of: 'the parse time' },
      },
      {
        figure: 'platform.getHeight result',
        value: rounded(smallValidate * 1e6), unit: 'ns per validation',
        baseline: { name: 'JSON.parse of the same result', value: rounded(smallParse * 1e6), unit: 'ns' },
        ratio: { value: rounded(smallValidate / smallParse, 2), of: 'the parse time' },
      },
    ],
  };
}

// `node bench/validators.mjs` runs this benchmark alone (`pnpm bench` runs them all).
await runAlone(import.meta.url, run);
