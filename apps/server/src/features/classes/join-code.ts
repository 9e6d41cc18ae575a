import { randomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@studybuddy/contracts';

/**
 * A new join code: JOIN_CODE_LENGTH characters drawn uniformly (crypto's randomInt, no modulo
 * bias) from an alphabet without look-alikes, so it can be read out in a classroom.
 */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++)
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}
