// Validator throughput (MB/s of response JSON) and time per small result; the baseline is
// JSON.parse of the same bytes, measured in the same run.
import { validatePlatformGetCurrentValidatorsResult, validatePlatformGetHeightResult } from '@avanode/validators';
import { fixed, quick, timePerCall } from './measure.mjs';
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
    title: 'Validators',
    lines: [
      `platform.getCurrentValidators result, ${VALIDATOR_SET} (${fixed(mb, 1)} MB of JSON): ${fixed(mb / (validate / 1000), 0)} MB/s (JSON.parse of the same bytes: ${fixed(mb / (parse / 1000), 0)} MB/s; validation takes ${fixed(validate / parse)}x the parse time)`,
      `platform.getHeight result: ${fixed(smallValidate * 1e6, 0)} ns per validation (JSON.parse of the same result: ${fixed(smallParse * 1e6, 0)} ns; ${fixed(smallValidate / smallParse)}x)`,
    ],
  };
}
