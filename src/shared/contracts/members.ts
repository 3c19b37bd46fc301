import { z } from 'zod';

export const MainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
});

/** A member as a card in lists (home highlights, search results). */
export const MemberCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(['male', 'female']),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  main_image: MainImageSchema.nullable(),
});
export type MemberCard = z.infer<typeof MemberCardSchema>;

export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}
