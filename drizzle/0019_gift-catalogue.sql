-- The gift catalogue (issue 14): names in the 7 site locales, pictures at /gifts/{slug}.svg.
-- credits null: the domain's gift_credits setting; the ring and the champagne cost their own.
-- ON CONFLICT keeps a gift an operator already changed (or added under that slug) as it is.
INSERT INTO "gifts" ("slug", "names", "credits", "position") VALUES
  ('rose', '{"nl":"Roos","en":"Rose","de":"Rose","fr":"Rose","es":"Rosa","it":"Rosa","pl":"Róża"}', NULL, 10),
  ('heart', '{"nl":"Hart","en":"Heart","de":"Herz","fr":"Cœur","es":"Corazón","it":"Cuore","pl":"Serce"}', NULL, 20),
  ('kiss', '{"nl":"Kusje","en":"Kiss","de":"Küsschen","fr":"Bisou","es":"Beso","it":"Bacio","pl":"Buziak"}', NULL, 30),
  ('coffee', '{"nl":"Kopje koffie","en":"Cup of coffee","de":"Tasse Kaffee","fr":"Tasse de café","es":"Taza de café","it":"Tazzina di caffè","pl":"Filiżanka kawy"}', NULL, 40),
  ('chocolates', '{"nl":"Bonbons","en":"Chocolates","de":"Pralinen","fr":"Chocolats","es":"Bombones","it":"Cioccolatini","pl":"Czekoladki"}', NULL, 50),
  ('teddy-bear', '{"nl":"Teddybeer","en":"Teddy bear","de":"Teddybär","fr":"Ours en peluche","es":"Osito de peluche","it":"Orsacchiotto","pl":"Miś"}', NULL, 60),
  ('ice-cream', '{"nl":"IJsje","en":"Ice cream","de":"Eis","fr":"Glace","es":"Helado","it":"Gelato","pl":"Lody"}', NULL, 70),
  ('star', '{"nl":"Ster","en":"Star","de":"Stern","fr":"Étoile","es":"Estrella","it":"Stella","pl":"Gwiazda"}', NULL, 80),
  ('champagne', '{"nl":"Champagne","en":"Champagne","de":"Champagner","fr":"Champagne","es":"Champán","it":"Champagne","pl":"Szampan"}', 60, 90),
  ('ring', '{"nl":"Ring","en":"Ring","de":"Ring","fr":"Bague","es":"Anillo","it":"Anello","pl":"Pierścionek"}', 100, 100)
ON CONFLICT ("slug") DO NOTHING;
