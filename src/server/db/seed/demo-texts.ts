import type { InterestKey } from '../../../shared/interests.ts';
import type { Language } from './demo-cities.ts';

/*
 * About-me texts are composed from fragments so that several hundred members do not share a
 * handful of texts. Placeholders: {name} {age} {city}, and for Polish {ageYears} ("23 lata",
 * "25 lat") and {inCity} (locative, "we Wrocławiu"). Grammatical gender is written as [male|female],
 * e.g. "basé[|e]".
 */

type SignupReason = 'relationship' | 'friendship' | 'dating' | 'adventure' | 'chat';
export type PartnerKind = 'man' | 'woman' | 'anyone';

/**
 * The hobby phrase of each interest that has one, in Dutch. Its keys are the interests with a hobby
 * phrase in every language (the other languages' tables must have the same keys); members always
 * get a few of these.
 */
const DUTCH_HOBBIES = {
  sports: 'sporten',
  dancing: 'dansen',
  travelling: 'reizen',
  music: 'livemuziek',
  movies: 'een goede film',
  outdoors: 'lekker buiten zijn',
  gardening: 'tuinieren',
  hiking: 'lange wandelingen',
  biking: 'fietsen',
  reading: 'een goed boek',
  animals: 'dieren',
  beach: 'een dagje strand',
  art: 'kunst',
  photography: 'fotografie',
  theater: 'theater',
  cooking: 'koken voor vrienden',
  foodie: 'nieuwe restaurantjes ontdekken',
  wine: 'een goed glas wijn',
  coffee: 'koffie op een terrasje',
  videogames: 'gamen',
} as const satisfies Partial<Record<InterestKey, string>>;
export type HobbyInterest = keyof typeof DUTCH_HOBBIES;
export const HOBBY_INTERESTS = Object.keys(DUTCH_HOBBIES) as HobbyInterest[];

type TextSet = {
  intro: readonly string[];
  life: readonly string[];
  hobbies: readonly string[];
  lookingFor: Record<SignupReason, readonly string[]>;
  closing: readonly string[];
  partner: Record<PartnerKind, string>;
  and: string;
  hobby: Record<HobbyInterest, string>;
};

const ABOUT_TEXTS: Record<Language, TextSet> = {
  nl: {
    intro: [
      'Hoi! Ik ben {name}, {age} jaar en ik woon in {city}.',
      'Hallo, {name} hier, uit {city}.',
      'Hey, leuk dat je mijn profiel bekijkt! Ik ben {name}.',
      'Ik ben {name}, {age}, en woon al een paar jaar met veel plezier in {city}.',
      'Even voorstellen: {name}, {age} jaar, woonachtig in {city}.',
      'Hoi, ik ben {name}. Een tijdje geleden ben ik naar {city} verhuisd en ik voel me hier helemaal thuis.',
    ],
    life: [
      'Vrienden omschrijven me als spontaan, eerlijk en een tikje eigenwijs.',
      'Ik werk in de zorg en haal veel energie uit het contact met mensen.',
      'Doordeweeks ben ik druk met mijn werk, maar in het weekend maak ik tijd voor de leuke dingen.',
      'Ik ben een echt ochtendmens: niets gaat boven een vroege wandeling met een kop koffie.',
      'Ik lach veel, ook om mezelf.',
      'Ik hou van gezellige avonden, goede gesprekken en af en toe een spontaan avontuur.',
      'Humor en een warm hart vind ik het belangrijkst.',
      'Na een paar drukke jaren heb ik weer tijd en zin om iemand te leren kennen.',
      'Ik ben nuchter, zorgzaam en altijd in voor een goed gesprek.',
    ],
    hobbies: [
      'In mijn vrije tijd hou ik van {hobbies}.',
      'Je maakt me blij met {hobbies}.',
      'Een paar dingen waar ik van geniet: {hobbies}.',
    ],
    lookingFor: {
      relationship: [
        'Ik zoek {partner} voor een serieuze relatie, om samen mee te lachen en iets moois op te bouwen.',
        'Ik hoop hier {partner} te ontmoeten met wie het gewoon klikt.',
      ],
      friendship: [
        'Ik sta open voor nieuwe vriendschappen; wie weet wat eruit voortkomt.',
        'Een leuke klik en een goede vriendschap zou al heel fijn zijn.',
      ],
      dating: [
        'Ik zou graag eens een drankje doen met {partner} en kijken of er een vonk overslaat.',
        'Zin om een keer koffie te drinken? Stuur me gerust een berichtje.',
      ],
      adventure: [
        'Ik ben in voor iets nieuws en spannends, zolang het maar leuk en eerlijk blijft.',
        'Zin in een spontaan avontuur? Dan zijn we misschien een goede match.',
      ],
      chat: [
        'Ik begin graag met een fijn gesprek en zie daarna wel waar het schip strandt.',
        'Vooral op zoek naar leuke gesprekken en een beetje gezelligheid.',
      ],
    },
    closing: [
      'Stuur gerust een berichtje!',
      'Tot snel misschien?',
      'Durf jij de eerste stap te zetten?',
      'Groetjes, {name}',
      'Benieuwd geworden? Zeg gerust hoi.',
    ],
    partner: { man: 'een leuke man', woman: 'een leuke vrouw', anyone: 'iemand' },
    and: 'en',
    hobby: DUTCH_HOBBIES,
  },
  en: {
    intro: [
      "Hi! I'm {name}, {age}, living in {city}.",
      'Hello there, {name} here, from {city}.',
      "Hey, thanks for stopping by my profile! I'm {name}.",
      "I'm {name}, {age}, and I've called {city} home for a few years now.",
      'Quick intro: {name}, {age}, based in {city}.',
      "Hi, I'm {name}. I moved to {city} a while ago and haven't looked back.",
    ],
    life: [
      'Friends describe me as easy-going, honest and a little bit stubborn.',
      'I work in healthcare and get a lot of energy from being around people.',
      'Weekdays are busy with work, but weekends are for the good stuff.',
      "I'm a proper morning person: nothing beats an early walk with a coffee in hand.",
      'I laugh a lot, often at myself.',
      'I love cosy evenings, good conversations and the odd spontaneous adventure.',
      'Kindness and a good sense of humour matter most to me.',
      'After a few busy years I finally have the time, and the courage, to meet someone new.',
      "I'm down to earth, caring and always up for a good chat.",
    ],
    hobbies: [
      'In my free time I enjoy {hobbies}.',
      'You can make me happy with {hobbies}.',
      'A few of my favourite things: {hobbies}.',
    ],
    lookingFor: {
      relationship: [
        "I'm looking for {partner} to build something real with.",
        'I hope to meet {partner} who is kind, curious and in it for the long run.',
      ],
      friendship: [
        "I'm open to new friendships, and who knows where that leads.",
        'A good connection and a real friendship would already be lovely.',
      ],
      dating: [
        "I'd love to meet {partner} for a drink and see if there's a spark.",
        'Fancy a coffee sometime? Feel free to send me a message.',
      ],
      adventure: [
        "I'm up for something new and exciting, as long as it stays fun and honest.",
        'In the mood for a spontaneous adventure? We might be a good match.',
      ],
      chat: [
        'I like to start with a good chat and see where it goes from there.',
        'Mostly here for fun conversations and a bit of company.',
      ],
    },
    closing: [
      "Don't be shy, say hi!",
      'Hope to hear from you soon.',
      'Are you brave enough to make the first move?',
      'x {name}',
      'Curious? Send me a message.',
    ],
    partner: { man: 'a nice guy', woman: 'a lovely woman', anyone: 'someone' },
    and: 'and',
    hobby: {
      sports: 'sport',
      dancing: 'dancing',
      travelling: 'travelling',
      music: 'live music',
      movies: 'a good film',
      outdoors: 'being outdoors',
      gardening: 'gardening',
      hiking: 'long walks',
      biking: 'cycling',
      reading: 'a good book',
      animals: 'animals',
      beach: 'days at the beach',
      art: 'art',
      photography: 'photography',
      theater: 'the theatre',
      cooking: 'cooking for friends',
      foodie: 'trying new restaurants',
      wine: 'a nice glass of wine',
      coffee: 'good coffee',
      videogames: 'gaming',
    },
  },
  de: {
    intro: [
      'Hallo! Ich bin {name}, {age} Jahre alt und wohne in {city}.',
      'Hi, hier ist {name} aus {city}.',
      'Hey, schön, dass du mein Profil anschaust! Ich bin {name}.',
      'Ich bin {name}, {age}, und lebe seit ein paar Jahren gern in {city}.',
      'Kurz zu mir: {name}, {age}, zu Hause in {city}.',
      'Hallo, ich heiße {name}. Vor einiger Zeit bin ich nach {city} gezogen und fühle mich hier richtig wohl.',
    ],
    life: [
      'Freunde beschreiben mich als spontan, ehrlich und ein bisschen dickköpfig.',
      'Ich arbeite im Gesundheitswesen und mag den Kontakt mit Menschen sehr.',
      'Unter der Woche bin ich viel beschäftigt, aber am Wochenende nehme ich mir Zeit für die schönen Dinge.',
      'Ich bin ein echter Morgenmensch: Nichts geht über einen frühen Spaziergang mit einem Kaffee.',
      'Ich lache viel, auch gern über mich selbst.',
      'Ich mag gemütliche Abende, gute Gespräche und ab und zu ein spontanes Abenteuer.',
      'Humor und Herzlichkeit sind mir am wichtigsten.',
      'Nach ein paar turbulenten Jahren habe ich wieder Zeit und Lust, jemanden kennenzulernen.',
      'Ich bin bodenständig, herzlich und immer für ein gutes Gespräch zu haben.',
    ],
    hobbies: [
      'In meiner Freizeit mag ich {hobbies}.',
      'Glücklich machen mich zum Beispiel {hobbies}.',
      'Ein paar meiner Lieblingsdinge: {hobbies}.',
    ],
    lookingFor: {
      relationship: [
        'Ich suche {partner} für eine ernsthafte Beziehung.',
        'Ich hoffe, hier {partner} kennenzulernen – am liebsten für etwas Festes.',
      ],
      friendship: [
        'Ich bin offen für neue Freundschaften – wer weiß, was daraus wird.',
        'Ein netter Kontakt und eine echte Freundschaft wären schon schön.',
      ],
      dating: [
        'Ich würde gern {partner} auf einen Drink treffen und schauen, ob es funkt.',
        'Lust auf einen Kaffee? Schreib mir einfach.',
      ],
      adventure: [
        'Ich bin offen für Neues und Aufregendes, solange es ehrlich und entspannt bleibt.',
        'Lust auf ein spontanes Abenteuer? Dann passen wir vielleicht gut zusammen.',
      ],
      chat: [
        'Ich fange gern mit einem netten Gespräch an und schaue dann, wohin es führt.',
        'Vor allem hier für nette Unterhaltungen und ein bisschen Gesellschaft.',
      ],
    },
    closing: [
      'Schreib mir gern!',
      'Bis bald vielleicht?',
      'Traust du dich, den ersten Schritt zu machen?',
      'Liebe Grüße, {name}',
      'Neugierig? Sag einfach Hallo.',
    ],
    partner: { man: 'einen netten Mann', woman: 'eine nette Frau', anyone: 'jemanden' },
    and: 'und',
    hobby: {
      sports: 'Sport',
      dancing: 'Tanzen',
      travelling: 'Reisen',
      music: 'Livemusik',
      movies: 'gute Filme',
      outdoors: 'die Natur',
      gardening: 'Gartenarbeit',
      hiking: 'Wandern',
      biking: 'Radfahren',
      reading: 'Lesen',
      animals: 'Tiere',
      beach: 'Strandtage',
      art: 'Kunst',
      photography: 'Fotografie',
      theater: 'Theater',
      cooking: 'Kochen für Freunde',
      foodie: 'neue Restaurants',
      wine: 'ein gutes Glas Wein',
      coffee: 'guten Kaffee',
      videogames: 'Videospiele',
    },
  },
  fr: {
    intro: [
      "Coucou ! Moi c'est {name}, {age} ans, et j'habite à {city}.",
      'Bonjour, ici {name}, de {city}.',
      "Salut, merci de passer sur mon profil ! Je m'appelle {name}.",
      'Je suis {name}, {age} ans, et je vis à {city} depuis quelques années.',
      'En bref : {name}, {age} ans, basé[|e] à {city}.',
      "Bonjour, je m'appelle {name}. Je me suis installé[|e] à {city} il y a quelque temps et je m'y sens vraiment bien.",
    ],
    life: [
      "Mes amis me décrivent comme quelqu'un de spontané, d'honnête et d'un peu têtu.",
      "Je travaille dans la santé et j'adore le contact humain.",
      'En semaine je suis bien occupé[|e], mais le week-end je prends le temps de profiter.',
      'Je suis du matin : rien ne vaut une balade matinale avec un café à la main.',
      'Je ris beaucoup, souvent de moi-même.',
      "J'aime les soirées tranquilles, les bonnes conversations et une aventure improvisée de temps en temps.",
      "L'humour et la gentillesse comptent beaucoup pour moi.",
      "Après quelques années bien remplies, j'ai enfin le temps et l'envie de faire une belle rencontre.",
      'Je suis plutôt simple, attentionné[|e] et toujours partant[|e] pour une bonne discussion.',
    ],
    hobbies: [
      "Pendant mon temps libre, j'aime {hobbies}.",
      'Ce qui me rend heureu[x|se] : {hobbies}.',
      'Quelques-unes de mes passions : {hobbies}.',
    ],
    lookingFor: {
      relationship: [
        'Je cherche {partner} pour une relation sérieuse.',
        "J'espère rencontrer ici {partner} avec qui tout devient simple.",
      ],
      friendship: [
        'Je suis ouvert[|e] à de nouvelles amitiés, et qui sait ce que ça donnera.',
        'Une belle rencontre amicale, ce serait déjà super.',
      ],
      dating: [
        "J'aimerais boire un verre avec {partner} et voir si le courant passe.",
        "Un café un de ces jours ? N'hésite pas à m'écrire.",
      ],
      adventure: [
        'Je suis partant[|e] pour de la nouveauté, tant que ça reste sincère et léger.',
        "Envie d'une aventure spontanée ? On pourrait bien s'entendre.",
      ],
      chat: [
        "J'aime commencer par une bonne discussion, on verra bien ensuite.",
        'Surtout là pour discuter et passer de bons moments.',
      ],
    },
    closing: [
      "N'hésite pas à m'écrire !",
      'À bientôt peut-être ?',
      'Oseras-tu faire le premier pas ?',
      'Bises, {name}',
      "Envie d'en savoir plus ? Dis-moi bonjour.",
    ],
    partner: { man: 'un homme sincère', woman: 'une femme sincère', anyone: "quelqu'un de sincère" },
    and: 'et',
    hobby: {
      sports: 'le sport',
      dancing: 'la danse',
      travelling: 'les voyages',
      music: 'les concerts',
      movies: 'le cinéma',
      outdoors: 'la nature',
      gardening: 'le jardinage',
      hiking: 'la randonnée',
      biking: 'le vélo',
      reading: 'la lecture',
      animals: 'les animaux',
      beach: 'la plage',
      art: "l'art",
      photography: 'la photo',
      theater: 'le théâtre',
      cooking: 'cuisiner pour les amis',
      foodie: 'les bons petits restos',
      wine: 'un bon verre de vin',
      coffee: 'les cafés en terrasse',
      videogames: 'les jeux vidéo',
    },
  },
  it: {
    intro: [
      'Ciao! Sono {name}, ho {age} anni e vivo a {city}.',
      'Ciao a tutti, sono {name} da {city}.',
      'Ehi, che bello vederti sul mio profilo! Sono {name}.',
      'Sono {name}, {age} anni, e vivo a {city} da qualche anno.',
      'In breve: {name}, {age} anni, di casa a {city}.',
      'Ciao, mi chiamo {name}. Mi sono trasferit[o|a] a {city} tempo fa e qui mi sento a casa.',
    ],
    life: [
      'Gli amici mi descrivono come una persona spontanea, sincera e un po’ testarda.',
      'Lavoro nella sanità e il contatto con le persone mi dà tanta energia.',
      'Durante la settimana sono molto impegnat[o|a], ma il weekend è per le cose belle.',
      'Sono una persona mattiniera: niente batte una passeggiata all’alba con un caffè in mano.',
      'Rido tanto, spesso di me stess[o|a].',
      'Amo le serate tranquille, le belle chiacchierate e ogni tanto un’avventura improvvisata.',
      'Ironia e gentilezza per me contano più di tutto.',
      'Dopo qualche anno intenso, ho finalmente tempo e voglia di conoscere qualcuno.',
      'Sono una persona semplice, premurosa e sempre pronta per una bella chiacchierata.',
    ],
    hobbies: [
      'Nel tempo libero amo {hobbies}.',
      'Cosa mi rende felice: {hobbies}.',
      'Alcune delle mie passioni: {hobbies}.',
    ],
    lookingFor: {
      relationship: [
        'Cerco {partner} per una relazione seria.',
        'Spero di incontrare qui {partner} con cui tutto venga naturale.',
      ],
      friendship: [
        'Sono apert[o|a] a nuove amicizie, e chissà cosa può nascere.',
        'Una bella amicizia sarebbe già tanto.',
      ],
      dating: [
        'Mi piacerebbe bere qualcosa con {partner} e vedere se scatta la scintilla.',
        'Un caffè insieme uno di questi giorni? Scrivimi pure.',
      ],
      adventure: [
        'Sono pront[o|a] per qualcosa di nuovo ed emozionante, purché sia sincero e leggero.',
        'Voglia di un’avventura improvvisata? Potremmo andare d’accordo.',
      ],
      chat: [
        'Mi piace iniziare con una bella chiacchierata e poi si vedrà.',
        'Qui soprattutto per fare due chiacchiere e un po’ di compagnia.',
      ],
    },
    closing: [
      'Scrivimi pure!',
      'A presto, magari?',
      'Hai il coraggio di fare il primo passo?',
      'Un abbraccio, {name}',
      'Ti ho incuriosito? Mandami un messaggio.',
    ],
    partner: { man: 'un uomo sincero', woman: 'una donna sincera', anyone: 'qualcuno di speciale' },
    and: 'e',
    hobby: {
      sports: 'lo sport',
      dancing: 'il ballo',
      travelling: 'i viaggi',
      music: 'la musica dal vivo',
      movies: 'il cinema',
      outdoors: 'la natura',
      gardening: 'il giardinaggio',
      hiking: 'le escursioni in montagna',
      biking: 'la bici',
      reading: 'la lettura',
      animals: 'gli animali',
      beach: 'il mare',
      art: 'l’arte',
      photography: 'la fotografia',
      theater: 'il teatro',
      cooking: 'cucinare per gli amici',
      foodie: 'scoprire nuovi ristoranti',
      wine: 'un buon bicchiere di vino',
      coffee: 'il caffè al bar',
      videogames: 'i videogiochi',
    },
  },
  es: {
    intro: [
      '¡Hola! Soy {name}, tengo {age} años y vivo en {city}.',
      'Hola, aquí {name}, desde {city}.',
      '¡Hey, gracias por pasarte por mi perfil! Soy {name}.',
      'Soy {name}, {age} años, y llevo unos años viviendo en {city}.',
      'En pocas palabras: {name}, {age} años, de {city}.',
      'Hola, me llamo {name}. Me mudé a {city} hace un tiempo y aquí me siento como en casa.',
    ],
    life: [
      'Mis amigos dicen que soy espontáne[o|a], sincer[o|a] y un poco testarud[o|a].',
      'Trabajo en el sector sanitario y me encanta el trato con la gente.',
      'Entre semana voy a tope con el trabajo, pero los fines de semana son para disfrutar.',
      'Soy de mañanas: nada como un paseo temprano con un café en la mano.',
      'Me río mucho, también de mí mism[o|a].',
      'Me gustan las noches tranquilas, las buenas conversaciones y alguna aventura improvisada.',
      'El humor y la amabilidad son lo que más valoro.',
      'Después de unos años muy intensos, por fin tengo tiempo y ganas de conocer a alguien.',
      'Soy sencill[o|a], cariños[o|a] y siempre me apunto a una buena charla.',
    ],
    hobbies: [
      'En mi tiempo libre me encanta: {hobbies}.',
      'Cosas que me hacen feliz: {hobbies}.',
      'Algunas de mis pasiones: {hobbies}.',
    ],
    lookingFor: {
      relationship: [
        'Busco {partner} para una relación seria.',
        'Me encantaría conocer aquí {partner} con quien todo fluya.',
      ],
      friendship: [
        'Estoy abiert[o|a] a nuevas amistades, y quién sabe qué puede surgir.',
        'Una buena amistad ya sería genial.',
      ],
      dating: [
        'Me gustaría quedar para tomar algo y ver si surge la chispa.',
        '¿Un café un día de estos? Escríbeme sin problema.',
      ],
      adventure: [
        'Me apunto a algo nuevo y emocionante, siempre que sea sincero y divertido.',
        '¿Con ganas de una aventura espontánea? Igual encajamos.',
      ],
      chat: [
        'Me gusta empezar con una buena conversación y luego ya veremos.',
        'Aquí sobre todo para charlar y pasar un buen rato.',
      ],
    },
    closing: [
      '¡Escríbeme!',
      '¿Hasta pronto?',
      '¿Te atreves a dar el primer paso?',
      'Un beso, {name}',
      '¿Te pica la curiosidad? Mándame un mensaje.',
    ],
    // With the personal "a": these only follow "busco" and "conocer".
    partner: { man: 'a un hombre sincero', woman: 'a una mujer sincera', anyone: 'a alguien especial' },
    and: 'y',
    hobby: {
      sports: 'el deporte',
      dancing: 'bailar',
      travelling: 'viajar',
      music: 'los conciertos',
      movies: 'el cine',
      outdoors: 'la naturaleza',
      gardening: 'la jardinería',
      hiking: 'el senderismo',
      biking: 'la bici',
      reading: 'la lectura',
      animals: 'los animales',
      beach: 'la playa',
      art: 'el arte',
      photography: 'la fotografía',
      theater: 'el teatro',
      cooking: 'cocinar para los amigos',
      foodie: 'descubrir restaurantes',
      wine: 'una buena copa de vino',
      coffee: 'un café en una terraza',
      videogames: 'los videojuegos',
    },
  },
  pl: {
    intro: [
      'Cześć! Jestem {name}, mam {ageYears} i mieszkam {inCity}.',
      'Hej, tu {name}, mieszkam {inCity}.',
      'Hej, miło, że zaglądasz na mój profil! Jestem {name}.',
      'Jestem {name}, mam {ageYears}, od kilku lat mieszkam {inCity}.',
      'W skrócie: {name}, {ageYears}, na co dzień {inCity}.',
      'Cześć, mam na imię {name}. Mieszkam {inCity} i naprawdę dobrze się tu czuję.',
    ],
    life: [
      'Znajomi mówią, że jestem spontaniczn[y|a], szczer[y|a] i trochę upart[y|a].',
      'Pracuję w służbie zdrowia i kontakt z ludźmi daje mi dużo energii.',
      'W tygodniu jestem bardzo zajęt[y|a], ale weekendy są na przyjemności.',
      'Jestem rannym ptaszkiem: nic nie przebije porannego spaceru z kawą w ręku.',
      'Dużo się śmieję, także z siebie.',
      'Lubię spokojne wieczory, dobre rozmowy i od czasu do czasu spontaniczną przygodę.',
      'Poczucie humoru i życzliwość są dla mnie najważniejsze.',
      'Po kilku intensywnych latach mam wreszcie czas i ochotę, żeby kogoś poznać.',
      'Jestem prost[y|a] w obsłudze, troskliw[y|a] i zawsze chętn[y|a] do dobrej rozmowy.',
    ],
    // The hobby phrases are accusative, so only verbs that take it are used here.
    hobbies: ['W wolnym czasie uwielbiam {hobbies}.', 'Bardzo lubię {hobbies}.', 'Kocham {hobbies}.'],
    lookingFor: {
      relationship: [
        'Szukam {partner} do poważnego związku.',
        'Marzy mi się związek oparty na zaufaniu i wspólnym śmiechu.',
      ],
      friendship: [
        'Jestem otwart[y|a] na nowe znajomości – kto wie, co z tego wyniknie.',
        'Fajna znajomość i prawdziwa przyjaźń to już byłoby coś.',
      ],
      dating: [
        'Chętnie umówię się na kawę lub drinka i zobaczymy, czy zaiskrzy.',
        'Może kawa w przyszłym tygodniu? Napisz śmiało.',
      ],
      adventure: [
        'Jestem otwart[y|a] na coś nowego i ekscytującego, byle szczerze i na luzie.',
        'Masz ochotę na spontaniczną przygodę? Może do siebie pasujemy.',
      ],
      chat: [
        'Lubię zacząć od dobrej rozmowy, a potem zobaczymy.',
        'Jestem tu głównie dla miłych rozmów i odrobiny towarzystwa.',
      ],
    },
    closing: [
      'Napisz śmiało!',
      'Do usłyszenia?',
      'Odważysz się zrobić pierwszy krok?',
      'Pozdrawiam, {name}',
      'Chcesz wiedzieć więcej? Napisz do mnie.',
    ],
    // Genitive, after "szukam".
    partner: { man: 'fajnego faceta', woman: 'fajnej kobiety', anyone: 'kogoś wyjątkowego' },
    and: 'i',
    hobby: {
      sports: 'sport',
      dancing: 'taniec',
      travelling: 'podróże',
      music: 'koncerty',
      movies: 'kino',
      outdoors: 'naturę',
      gardening: 'pracę w ogrodzie',
      hiking: 'górskie wędrówki',
      biking: 'jazdę na rowerze',
      reading: 'dobre książki',
      animals: 'zwierzęta',
      beach: 'plażę',
      art: 'sztukę',
      photography: 'fotografię',
      theater: 'teatr',
      cooking: 'gotowanie dla przyjaciół',
      foodie: 'odkrywanie nowych restauracji',
      wine: 'dobre wino',
      coffee: 'kawę w kawiarni',
      videogames: 'gry komputerowe',
    },
  },
};

/** "w Warszawie": Polish needs the locative after "w"; the prepositional form is included. */
const POLISH_LOCATIVE: Record<string, string> = {
  Warszawa: 'w Warszawie',
  Kraków: 'w Krakowie',
  Wrocław: 'we Wrocławiu',
  Łódź: 'w Łodzi',
  Poznań: 'w Poznaniu',
  Gdańsk: 'w Gdańsku',
  Szczecin: 'w Szczecinie',
  Lublin: 'w Lublinie',
  Katowice: 'w Katowicach',
  Białystok: 'w Białymstoku',
};

function polishYears(age: number): string {
  const lastDigit = age % 10;
  const lastTwo = age % 100;
  const few = lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14);
  return `${age} ${few ? 'lata' : 'lat'}`;
}

function listJoin(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

type AboutMeInput = {
  language: Language;
  gender: 'male' | 'female';
  firstName: string;
  age: number;
  city: string;
  reason: SignupReason;
  partner: PartnerKind;
  hobbies: readonly HobbyInterest[];
};

type Picker = {
  pick: <T>(items: readonly T[]) => T;
  sample: <T>(items: readonly T[], count: number) => T[];
  chance: (p: number) => boolean;
};

export function composeAboutMe(rng: Picker, input: AboutMeInput): string {
  const texts = ABOUT_TEXTS[input.language];
  const fill = (template: string) =>
    template
      .replace(/\[([^|\]]*)\|([^\]]*)\]/g, (_, male: string, female: string) =>
        input.gender === 'male' ? male : female,
      )
      .replaceAll('{name}', input.firstName)
      .replaceAll('{ageYears}', polishYears(input.age))
      .replaceAll('{age}', String(input.age))
      .replaceAll('{inCity}', POLISH_LOCATIVE[input.city] ?? `w ${input.city}`)
      .replaceAll('{city}', input.city)
      .replaceAll('{partner}', texts.partner[input.partner])
      .replaceAll(
        '{hobbies}',
        listJoin(
          input.hobbies.slice(0, 3).map((hobby) => texts.hobby[hobby]),
          texts.and,
        ),
      );

  const middle = [...rng.sample(texts.life, rng.chance(0.5) ? 2 : 1)];
  if (input.hobbies.length > 0)
    middle.splice(rng.chance(0.5) ? 0 : middle.length, 0, rng.pick(texts.hobbies));
  const lookingFor = rng.pick(texts.lookingFor[input.reason]);
  const sentences = [rng.pick(texts.intro), ...middle, lookingFor];
  // A line that already invites a reply ("Fancy a coffee? ...") needs no second call to write.
  const closing = !lookingFor.includes('?') && rng.chance(0.6) ? rng.pick(texts.closing) : null;
  const body = sentences.map(fill);
  // Some members write one block, others break after the introduction.
  const text = rng.chance(0.35)
    ? `${body.slice(0, 2).join(' ')}\n\n${body.slice(2).join(' ')}`
    : body.join(' ');
  if (!closing) return text;
  // A signature ("Groetjes, Sanne") goes on its own line; a closing question stays in the flow.
  return `${text}${closing.includes('{name}') ? '\n\n' : ' '}${fill(closing)}`;
}
