/** admin_two_factor (migration 0053, issue 33): the admin's TOTP secret, encrypted. */
export interface AdminTwoFactorTable {
  admin_id: string;
  /** The confirmed secret (secret-box.ts), null until enabled. */
  secret_enc: string | null;
  /** A secret shown for scanning and not yet confirmed with a code. */
  pending_secret_enc: string | null;
  enabled_at: string | null;
  /** The TOTP time step of the last code accepted: that code, or an older one, is refused. */
  last_step: number | string | null;
}

/** admin_recovery_codes: ten per enrollment; each good once. */
export interface AdminRecoveryCodesTable {
  /** HMAC-SHA256 of the normalised code under a key derived from JWT_SECRET. */
  code_hash: string;
  admin_id: string;
  used_at: string | null;
}
