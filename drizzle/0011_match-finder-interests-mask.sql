-- The match finder counts shared interests for every candidate it ranks (docs/decisions/0023). On
-- text[] that is one array search per chosen interest per candidate; as bits it is one AND and a
-- population count. Bit i is INTEREST_KEYS[i] (src/shared/interests.ts; a test holds the two to the
-- same order). Keys only ever join at the end of that list: a new key is a new version of this
-- function in a later migration, followed by `update profiles set interests = interests` so the stored
-- masks are computed again. Unknown keys add no bit.
CREATE FUNCTION interests_mask(keys text[]) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(bit_or(1::bigint << (array_position(
    ARRAY['relationship', 'onenightstand', 'kissing', 'hugging', 'massages', 'lingerie', 'sex', 'safesex', 'publicsex', 'oralsex', 'analsex', 'sextoys', 'masturbating', 'exchangingpictures', 'threesome', 'gangbang', 'bondage', 'sadomasochism', 'gym', 'sports', 'dancing', 'travelling', 'adventure', 'party', 'tattoos', 'music', 'movies', 'videogames', 'politics', 'outdoors', 'gardening', 'hiking', 'biking', 'reading', 'animals', 'beach', 'art', 'photography', 'theater', 'shopping', 'fashion', 'astrology', 'cooking', 'foodie', 'bbq', 'sushi', 'vegetarian', 'wine', 'beer', 'tea', 'coffee']::text[],
    key) - 1)), 0)
  FROM unnest(keys) AS key
$$;
