import type { Digit, Element } from "./principles";

/*
 * The principles' teaching texts, apart from their facts (principles.ts): pages that show a principle's name and
 * colour do not need its texts, and a module's code goes to the browser whole with every page that imports
 * anything of it. Pages that show texts get them from their loader (decision 108).
 */

/**
 * The teaching texts of each principle: the product's voice. Pages (/numbers, home, angel, birth date), the
 * offline composer and the AI prompts all read them from here.
 */
export type PrincipleTexts = {
  /** short line under the title on /numbers */
  subtitle: string;
  /** two sentences for the /numbers card */
  description: string;
  /** the teaching itself: what the principle is and how the whole lives through it */
  teaching: string;
  /** key-principle badges */
  keywords: readonly string[];
  /** one-line insights */
  insights: readonly string[];
  /** first-person affirmations */
  affirmations: readonly string[];
  /** reading titles, after 'Universal {name}: ' */
  titles: readonly string[];
  /** images for poetic and metaphorical readings ("a match struck in a dark room") */
  images: readonly string[];
  /** concrete steps for practical readings */
  practices: readonly string[];
  /** observations from science for scientific readings */
  observations: readonly string[];
  /** lines for spiritual readings */
  devotions: readonly string[];
  /** what the digit says when it appears in an angel number */
  angelMeaning: string;
};

export const ELEMENT_MEANINGS: Record<Element, string> = {
  Fire: "transformative beginning",
  Air: "mental distinction",
  Water: "emotional creation",
  Earth: "stable growth",
};

export const PRINCIPLE_TEXTS: Record<Digit, PrincipleTexts> = {
  0: {
    subtitle: "The unbroken whole before any line is drawn",
    description:
      "Zero is the ground of the system: the one reality before it appears as many. Black holds every colour at once, and Nonseparation reminds us that nothing we meet is truly outside us.",
    teaching:
      "Zero is not nothing; it is everything not yet divided. Before a first distinction is made there is only the seamless field in which all later numbers will appear. Nonseparation is the recognition that the observer and the observed, the self and the world, were never two. Every other principle is a way this wholeness explores itself without ever leaving home.",
    keywords: ["Wholeness", "Unity", "Emptiness", "Source", "Potential"],
    insights: [
      "What you call an outside is another side of you.",
      "Emptiness is not lack; it is room for everything.",
      "Separation is a way of seeing, not a way of being.",
      "Rest in the whole and the parts stop fighting.",
    ],
    affirmations: [
      "I am not separate from anything I meet.",
      "I rest in the wholeness that holds me.",
      "Everything I see is the one life seeing itself.",
    ],
    titles: ["The Seamless Ground", "Before the First Line", "The Whole That Holds Everything"],
    images: [
      "a night sky that holds every star without owning one",
      "the silence a song is written on",
      "the ocean that is present in every wave",
    ],
    practices: [
      "Pause once today and notice the space in which your thoughts appear.",
      "Before a difficult conversation, remember that the other person is made of the same life you are.",
      "Spend five minutes looking around you without naming anything you see.",
    ],
    observations: [
      "Physics describes fields that are continuous before they are counted as particles; Nonseparation names that continuity.",
      "In arithmetic zero is the place-holder that makes every other number possible, present in all of them and exhausted by none.",
    ],
    devotions: [
      "The divine does not stand apart from its creation; it is the creation, looking at itself.",
      "In stillness the one who seeks and the one who is sought become a single movement.",
    ],
    angelMeaning: "you are held by the whole, and a fresh cycle can begin from stillness",
  },
  1: {
    subtitle: "The first movement that makes a world",
    description:
      "One is the spark by which the whole begins to move. Red and fire carry its energy: transformation, beginnings and the courage to let an old form burn into a new one.",
    teaching:
      "The first thing the whole does is move. Change is the principle of beginning: the spark that turns stillness into a story. Nothing that exists stays as it was, and this is not a threat but the very way life stays alive. When you meet the energy of 1 you meet fire: it warms, it clears, and it asks you to release what has already finished.",
    keywords: ["Beginning", "Movement", "Transformation", "Courage", "Initiative"],
    insights: [
      "Every ending you fear is a beginning you have not recognised yet.",
      "You do not have to force change; you only have to stop holding still against it.",
      "The smallest first step already changes the whole path.",
      "Fire does not ask permission to transform the wood.",
    ],
    affirmations: [
      "I welcome the change that moves through me.",
      "I begin again with courage and trust.",
      "I let what is finished burn into what is new.",
    ],
    titles: ["The First Spark", "Fire That Begins", "Motion Awakening"],
    images: [
      "a match struck in a dark room",
      "the first red line of dawn on the horizon",
      "a river that is never the same water twice",
    ],
    practices: [
      "Choose one small thing you have postponed and begin it today.",
      "Write down one habit that no longer serves you and replace it for a week.",
      "When plans shift, name one opportunity the shift creates before you react to it.",
    ],
    observations: [
      "Thermodynamics teaches that no system is truly static: energy is always moving toward new arrangements.",
      "The cells of the body are renewed on their own schedules; continuity is kept by change, not despite it.",
    ],
    devotions: [
      "Spirit moves first, and form follows its motion.",
      "To welcome change is to trust the intelligence that animates all things.",
    ],
    angelMeaning: "it is time to begin, to act and to trust the movement already under way",
  },
  2: {
    subtitle: "The one becomes distinct",
    description:
      "Two is the first distinction: this and that, here and there. Yellow and air carry its clarity, and Uniqueness honours that every being is a singular expression of the whole, never to be repeated.",
    teaching:
      "With two the whole recognises difference. Uniqueness is the principle of distinction: every leaf, every face, every moment is shaped once and never again. Air is its element, the clear space of the mind in which one thing can be told from another. Your difference is not a flaw to be corrected; it is the exact place from which the universe chose to look.",
    keywords: ["Individuality", "Distinction", "Clarity", "Identity", "Perspective"],
    insights: [
      "No one else can offer the view from where you stand.",
      "Comparison forgets that you were never meant to be a copy.",
      "Clarity begins when you let a thing be exactly what it is.",
      "Your difference is a gift to the whole, not a distance from it.",
    ],
    affirmations: [
      "I honour the singular gift that I am.",
      "I see clearly and let each thing be itself.",
      "My difference is my offering to the whole.",
    ],
    titles: ["The First Distinction", "Only Once, Only You", "Clear Air of Difference"],
    images: [
      "a single snowflake finding its own way to the ground",
      "morning light that gives each object its own shadow",
      "a clear breath of mountain air",
    ],
    practices: [
      "List three qualities that are distinctly yours and use one of them deliberately today.",
      "When you feel pressed to conform, ask what your own honest choice would be.",
      "Make one decision today from your values rather than from what others expect.",
    ],
    observations: [
      "No two organisms share the same history, even with the same genes; individuality is built into biology.",
      "Information depends on distinction: a signal exists only where one state differs from another.",
    ],
    devotions: [
      "The divine signs each soul with a name no one else carries.",
      "To honour your uniqueness is to honour the one who chose to appear as you.",
    ],
    angelMeaning: "your own perspective matters, and a choice asks for your clear discernment",
  },
  3: {
    subtitle: "Distinct beings meet and create",
    description:
      "Three is what happens when two distinct things meet: relationship, creativity and the birth of something new. Blue and water carry its flow, the emotional current through which lives join.",
    teaching:
      "Once there are two, they can meet, and from their meeting a third is born. Joining is the principle of relationship and creation. Water is its element: it flows into every shape, carries feeling and connects what was apart. Through 3 the whole tastes intimacy with itself, in friendship, in love and in every collaboration that makes more than either part could alone.",
    keywords: ["Connection", "Relationship", "Creativity", "Flow", "Emotion"],
    insights: [
      "What you create with others carries a life neither of you could give it alone.",
      "Feeling is the current by which hearts find each other.",
      "Every meeting is a small act of creation.",
      "Let yourself be changed by the ones you join.",
    ],
    affirmations: [
      "I open to the connections that shape me.",
      "I create freely with the life around me.",
      "My feelings flow and join me to others.",
    ],
    titles: ["Where Two Become One", "The Creative Meeting", "Waters That Join"],
    images: [
      "two streams meeting and becoming one river",
      "a chord in which separate notes become one sound",
      "rain gathering into a blue lake",
    ],
    practices: [
      "Reach out today to someone you have been meaning to contact.",
      "Begin a small creative project with another person.",
      "In your next conversation, listen for what you can build together rather than what you can win.",
    ],
    observations: [
      "Chemistry is the science of joining: atoms bond, and the compound shows properties neither atom had alone.",
      "Networks grow in value with each connection; relationship is how complexity is built.",
    ],
    devotions: [
      "Love is the whole recognising itself across the distance of two.",
      "Where two meet in sincerity, the sacred becomes present as a third.",
    ],
    angelMeaning: "connection and creation are calling, and feeling can guide a relationship",
  },
  4: {
    subtitle: "What is joined takes root and grows",
    description:
      "Four gives form and ground to what has been created. Green and earth carry its patience: steady growth, structure and the faithful work that lets a seed become a tree.",
    teaching:
      "What has been created needs ground in which to grow. Growth is the principle of structure and patient increase. Earth is its element: stable, nourishing and slow to hurry. A seed does not become a tree by effort alone but by staying rooted while the seasons do their work. Through 4 the whole learns to build what lasts.",
    keywords: ["Stability", "Foundation", "Patience", "Structure", "Nurture"],
    insights: [
      "Roots grow in the dark long before anything shows above ground.",
      "Steadiness is a form of strength.",
      "What you tend faithfully will tend you in return.",
      "A foundation is built one honest day at a time.",
    ],
    affirmations: [
      "I grow steadily and with patience.",
      "I build on ground that holds me.",
      "I tend my life and it flourishes.",
    ],
    titles: ["Rooted Increase", "The Patient Ground", "Green Becoming"],
    images: [
      "a green shoot breaking through spring soil",
      "the rings of an old tree, one for every patient year",
      "a stone wall raised one stone at a time",
    ],
    practices: [
      "Pick one goal and set a small daily step you can keep for thirty days.",
      "Tidy one space you use every day; stable ground supports growth.",
      "Review your week and note one thing that grew because you stayed with it.",
    ],
    observations: [
      "Growth in nature follows steady accumulation: tree rings, bone density and compound interest all build gradually.",
      "Structures that last, from crystals to cathedrals, rest on a stable base and forces in balance.",
    ],
    devotions: [
      "The earth is a teacher of patience; it never hurries and it always provides.",
      "Spirit grows in us the way a garden grows: tended, seasoned and trusted.",
    ],
    angelMeaning: "build steadily, tend your foundations and trust slow progress",
  },
  5: {
    subtitle: "The pull toward experience",
    description:
      "Five is the longing that moves every creature toward life. Orange carries its warmth: appetite, passion, curiosity and the wish to taste the world fully.",
    teaching:
      "Once there is ground, there is the wish to explore it. Desire is the principle of attraction and longing, the pull that draws life toward experience. It is not something to suppress but something to understand: every desire points, however indirectly, toward wholeness. Followed with awareness, desire becomes passion and purpose; followed blindly, it scatters. Through 5 the whole wants to feel itself alive.",
    keywords: ["Passion", "Longing", "Curiosity", "Freedom", "Motivation"],
    insights: [
      "Beneath every desire is a longing for wholeness.",
      "Ask what you truly want, then ask what that would give you.",
      "Passion is desire that knows where it is going.",
      "Curiosity is desire in its most innocent form.",
    ],
    affirmations: [
      "I honour my desires and follow them wisely.",
      "My passion guides me toward what is whole.",
      "I welcome life with curiosity and warmth.",
    ],
    titles: ["The Warm Pull of Longing", "Passion Awakened", "The Wish to Taste the World"],
    images: [
      "an orange fire that draws travellers in from the cold",
      "a compass needle trembling toward north",
      "ripe fruit that asks to be tasted",
    ],
    practices: [
      "Write down one thing you deeply want and the first step toward it.",
      "Notice one craving today and ask what need lies underneath it.",
      "Give an hour this week to something you are curious about for its own sake.",
    ],
    observations: [
      "Motivation in the brain follows anticipation: dopamine rises with the promise of a reward, not only with its arrival.",
      "Every living system seeks what sustains it; attraction is a basic pattern from chemistry to ecology.",
    ],
    devotions: [
      "The soul's deepest desire is to return to its source.",
      "Holy longing is the thread by which the divine draws us home.",
    ],
    angelMeaning: "listen to what you truly want and pursue it with awareness",
  },
  6: {
    subtitle: "The right rhythm for every movement",
    description:
      "Six adjusts speed and timing so that desire can be lived well. Indigo carries its depth: discernment, timing, rest and the art of moving neither too fast nor too slow.",
    teaching:
      "Desire moves, but not every movement keeps the right tempo. Refinement of Pace is the principle of timing: slowing where haste would harm, quickening where delay would waste. It is the musician's ear, the gardener's sense of season, the inner knowing of when to act and when to wait. Through 6 the whole learns grace, the way of arriving exactly when it is time.",
    keywords: ["Timing", "Rhythm", "Balance", "Discernment", "Adjustment"],
    insights: [
      "Timing is a form of wisdom.",
      "Rest is part of the rhythm, not a break from it.",
      "Slow down where you are rushing; the answer may be waiting in the pause.",
      "Refinement is many small adjustments made with care.",
    ],
    affirmations: [
      "I move at the pace that serves my life.",
      "I trust the timing of my unfolding.",
      "I rest and act in a graceful rhythm.",
    ],
    titles: ["The Art of Tempo", "Grace in Timing", "Indigo Rhythm"],
    images: [
      "a tide that rises and falls without hurry",
      "a conductor's hand shaping the tempo of a symphony",
      "the deep indigo of dusk, when the day slows into night",
    ],
    practices: [
      "Notice where you are rushing today and slow one task down on purpose.",
      "Schedule a real rest before you feel you have earned it.",
      "Before replying to something urgent, take three breaths and choose your tempo.",
    ],
    observations: [
      "Biological rhythms, from the heartbeat to the circadian cycle, keep the body healthy by regulating pace.",
      "In engineering, feedback loops refine speed continually; stability comes from constant small corrections.",
    ],
    devotions: [
      "Divine timing is never late; it is exact.",
      "Stillness and motion are partners in the dance of spirit.",
    ],
    angelMeaning: "adjust your pace, resting or quickening as the moment requires",
  },
  7: {
    subtitle: "All parts sounding together",
    description:
      "Seven brings the many into accord. Violet carries its peace: balance, beauty, integration and the quiet of a life whose parts no longer work against each other.",
    teaching:
      "When pace is refined, the parts begin to sound together. Harmony is the principle of accord: differences are not erased but tuned to one another, the way notes become music. Violet, the last colour of the rainbow before light turns invisible, stands at the edge where the seen meets the unseen. Through 7 the whole hears itself as one song, with room for every voice.",
    keywords: ["Peace", "Balance", "Beauty", "Integration", "Accord"],
    insights: [
      "Harmony does not need everyone to be the same.",
      "Peace is what happens when no part of you is at war with another.",
      "Beauty is a sign that things stand in right relation.",
      "Listen for the chord your life is already playing.",
    ],
    affirmations: [
      "I live in harmony with myself and the world.",
      "All parts of me sound together in peace.",
      "I bring balance and beauty wherever I go.",
    ],
    titles: ["The Tuned Chord", "Violet Accord", "Many Voices, One Song"],
    images: [
      "a violet evening where sky and sea meet without a seam",
      "an orchestra tuning until every instrument agrees",
      "a wind chime that turns every gust into music",
    ],
    practices: [
      "Name one inner conflict and write down what each side of it needs.",
      "Make one space around you more beautiful today.",
      "Mediate gently where two people or two plans are pulling apart.",
    ],
    observations: [
      "Harmonic ratios explain why some sounds please us: frequencies in simple proportion reinforce each other.",
      "Ecosystems stay resilient through balance; every species plays a part in the stability of the whole.",
    ],
    devotions: [
      "The music of the spheres is the divine in harmony with itself.",
      "Inner peace is the soul remembering that it is in tune with all that is.",
    ],
    angelMeaning: "balance is near, and peace comes from integrating every part of you",
  },
  8: {
    subtitle: "The whole recalls its own story",
    description:
      "Eight gathers what has been lived into memory and meaning. Brown carries its depth: ancestry, soil, lessons kept and the remembering of who we have always been.",
    teaching:
      "What has been harmonised can be remembered. Remembrance is the principle of memory and recollection: the past is not lost but composted into wisdom, like brown earth made rich by every autumn. To remember is also to re-member, to gather the scattered pieces of ourselves into one. Through 8 the whole recalls its own story and recognises the same author in every chapter.",
    keywords: ["Memory", "Wisdom", "Ancestry", "Lessons", "Continuity"],
    insights: [
      "Nothing you have lived is wasted; it becomes the soil of what you know.",
      "To remember who you are is to remember where you came from.",
      "Lessons return until they are remembered.",
      "Your ancestors' wisdom lives on in your choices.",
    ],
    affirmations: [
      "I remember who I truly am.",
      "I carry the wisdom of my past with gratitude.",
      "Every experience I have lived has made me whole.",
    ],
    titles: ["The Rich Soil of Memory", "Gathering the Pieces", "The Story Recalled"],
    images: [
      "autumn leaves becoming dark, rich soil",
      "an old letter found in a drawer, still warm with meaning",
      "the spiral of a shell winding back to its centre",
    ],
    practices: [
      "Write down one lesson from your past that you want to carry forward.",
      "Ask an elder in your family about a story you have never heard.",
      "Revisit an old journal or photograph and note how you have grown since.",
    ],
    observations: [
      "Memory is reconstructive: each time we recall, the brain rebuilds and integrates the experience.",
      "Genes and cultures alike keep a record of what worked; remembrance is how living systems learn.",
    ],
    devotions: [
      "The soul carries the memory of its origin, waiting to be recalled.",
      "Remembering the divine is not learning something new but recognising what was always known.",
    ],
    angelMeaning: "lessons already learned are returning, with the wisdom your past has given you",
  },
  9: {
    subtitle: "Knowing that contains all",
    description:
      "Nine completes the cycle: the awareness in which every principle is known at once. White carries its light: all colours together, fulfilment and the knowing that returns to zero.",
    teaching:
      "At the end of the cycle the whole knows itself completely. Omniscience is the principle of all-knowing awareness: not a collection of facts but the light in which everything is seen at once. White, which holds all colours, is its colour. Nine stands beside zero as its twin: what zero holds as potential, nine holds as realised knowing, and from that fullness the cycle begins again.",
    keywords: ["Completion", "Awareness", "Wisdom", "Light", "Fulfilment"],
    insights: [
      "The awareness reading these words already contains the answer you seek.",
      "Completion is not an ending; it is knowing enough to begin again.",
      "All colours together make white light.",
      "What you know at your depth is more than you can say.",
    ],
    affirmations: [
      "I trust the knowing that lives within me.",
      "I complete what is finished and welcome what is next.",
      "I am the light in which all things are seen.",
    ],
    titles: ["Light That Knows", "The Completed Circle", "White Fullness"],
    images: [
      "white light passing through a prism and gathering again",
      "a summit from which every path up the mountain is visible at once",
      "fresh snow revealing the whole shape of a landscape",
    ],
    practices: [
      "Finish one open task today and notice the space that completion brings.",
      "Before deciding, sit quietly and ask what you already know.",
      "Share something you have learned with someone who needs it.",
    ],
    observations: [
      "In arithmetic nine reveals whole patterns: the digits of every multiple of nine reduce back to nine.",
      "Systems thinking sees the whole before the parts; understanding grows as relationships become visible.",
    ],
    devotions: [
      "Divine knowing sees every part of creation in one glance of love.",
      "The light you are is the light in which all things are known.",
    ],
    angelMeaning: "a cycle is complete, inner knowing is ready, and a new beginning waits beyond it",
  },
};

export function textsOf(digit: Digit): PrincipleTexts {
  return PRINCIPLE_TEXTS[digit];
}
