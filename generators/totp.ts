// TOTP codes for GetIPUser (spec §5.3), from otplib, with the profile's parameters (§5.9).
import { generateSync, verifySync } from 'otplib';
import type { Profile } from '../config/profile.ts';
import type { Clock } from './clock.ts';

export function totpCode(totp: Profile['totp'], clock: Clock, stepOffset = 0): string {
  const epoch = Math.floor(clock() / 1000) + stepOffset * totp.period;
  return generateSync({ secret: totp.secret, epoch, digits: totp.digits, period: totp.period, algorithm: totp.algorithm });
}

/** Accepts the current step and one step either side, the usual tolerance for clock drift. */
export function totpValid(totp: Profile['totp'], clock: Clock, token: string): boolean {
  if (!new RegExp(`^\\d{${totp.digits}}$`).test(token)) return false;
  const epoch = Math.floor(clock() / 1000);
  return [-1, 0, 1].some((k) =>
    verifySync({ secret: totp.secret, token, epoch: epoch + k * totp.period, digits: totp.digits, period: totp.period, algorithm: totp.algorithm }).valid,
  );
}
