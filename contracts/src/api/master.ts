import { z } from 'zod';

export const CountryOption = z.object({
  countryID: z.number().int(),
  countryName: z.string(),
  countryCode: z.string(),
  phoneCode: z.string(),
  phoneNumberLength: z.number().int(),
});
export type CountryOption = z.infer<typeof CountryOption>;

export const BankOption = z.object({ bankID: z.number().int(), bankName: z.string() });
export type BankOption = z.infer<typeof BankOption>;

export const RegisterOptionsResponse = z.object({
  countries: z.array(CountryOption),
  banks: z.array(BankOption),
});
export type RegisterOptionsResponse = z.infer<typeof RegisterOptionsResponse>;

export const Role = z.object({ roleID: z.number().int(), roleName: z.string(), showCountry: z.boolean() });
export type Role = z.infer<typeof Role>;
export const RolesResponse = z.array(Role);

/** A remote the shell loads at runtime: its name and the URL of its mf-manifest.json. */
export const RemoteEntry = z.object({ name: z.string(), entry: z.string() });
export const RemotesResponse = z.object({ remotes: z.array(RemoteEntry) });
export type RemotesResponse = z.infer<typeof RemotesResponse>;
