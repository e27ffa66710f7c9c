// The timing bench's talk: two speakers (flite awb and slt) in quick turns, with the Spanish and French
// lines a translator would give (written out, so that the bench measures the timing, not a translation).
// Spanish and French take longer to say than English: most lines need more time than their slot.

export interface TalkLine {
  voice: "awb" | "slt";
  en: string;
  es: string;
  fr: string;
}

export const TALK: TalkLine[] = [
  {
    voice: "awb",
    en: "So, you finally opened the shop.",
    es: "Así que por fin abriste la tienda.",
    fr: "Alors, tu as enfin ouvert la boutique.",
  },
  {
    voice: "slt",
    en: "Yes, last Monday, right on time.",
    es: "Sí, el lunes pasado, justo a tiempo.",
    fr: "Oui, lundi dernier, juste à temps.",
  },
  {
    voice: "awb",
    en: "And how many people came?",
    es: "¿Y cuántas personas vinieron?",
    fr: "Et combien de personnes sont venues ?",
  },
  {
    voice: "slt",
    en: "More than we expected.",
    es: "Más de las que esperábamos.",
    fr: "Plus que ce que nous attendions.",
  },
  {
    voice: "slt",
    en: "We ran out of bread by noon.",
    es: "Nos quedamos sin pan antes del mediodía.",
    fr: "Nous n'avions plus de pain avant midi.",
  },
  {
    voice: "awb",
    en: "That is a good problem to have.",
    es: "Ese es un buen problema para tener.",
    fr: "C'est un bon problème à avoir.",
  },
  {
    voice: "slt",
    en: "It is, but my feet still hurt.",
    es: "Lo es, pero todavía me duelen los pies.",
    fr: "C'est vrai, mais j'ai encore mal aux pieds.",
  },
  {
    voice: "awb",
    en: "Who helps you in the mornings?",
    es: "¿Quién te ayuda por las mañanas?",
    fr: "Qui t'aide le matin ?",
  },
  {
    voice: "slt",
    en: "My brother, when he wakes up.",
    es: "Mi hermano, cuando se despierta.",
    fr: "Mon frère, quand il se réveille.",
  },
  {
    voice: "awb",
    en: "Ha, so never before ten.",
    es: "Ja, o sea nunca antes de las diez.",
    fr: "Ha, donc jamais avant dix heures.",
  },
  {
    voice: "slt",
    en: "Exactly. I bake alone at five.",
    es: "Exacto. Horneo sola a las cinco.",
    fr: "Exactement. Je fais le pain seule à cinq heures.",
  },
  {
    voice: "awb",
    en: "What sells best so far?",
    es: "¿Qué es lo que más se vende hasta ahora?",
    fr: "Qu'est-ce qui se vend le mieux jusqu'ici ?",
  },
  {
    voice: "slt",
    en: "The small apple cakes.",
    es: "Los pastelitos de manzana.",
    fr: "Les petits gâteaux aux pommes.",
  },
  {
    voice: "slt",
    en: "Children love them.",
    es: "A los niños les encantan.",
    fr: "Les enfants les adorent.",
  },
  {
    voice: "awb",
    en: "Do you make them every day?",
    es: "¿Los haces todos los días?",
    fr: "Tu les fais tous les jours ?",
  },
  {
    voice: "slt",
    en: "Every day except Sunday.",
    es: "Todos los días menos el domingo.",
    fr: "Tous les jours sauf le dimanche.",
  },
  {
    voice: "awb",
    en: "And the prices, are they fair?",
    es: "¿Y los precios, son justos?",
    fr: "Et les prix, ils sont corrects ?",
  },
  {
    voice: "slt",
    en: "I think so. Nobody complained yet.",
    es: "Creo que sí. Nadie se ha quejado todavía.",
    fr: "Je crois. Personne ne s'est encore plaint.",
  },
  {
    voice: "awb",
    en: "Will you open a second shop?",
    es: "¿Vas a abrir una segunda tienda?",
    fr: "Tu vas ouvrir une deuxième boutique ?",
  },
  {
    voice: "slt",
    en: "Maybe next year, near the station.",
    es: "Quizás el año que viene, cerca de la estación.",
    fr: "Peut-être l'année prochaine, près de la gare.",
  },
  {
    voice: "awb",
    en: "I will come and buy a cake.",
    es: "Vendré a comprar un pastel.",
    fr: "Je viendrai acheter un gâteau.",
  },
  {
    voice: "slt",
    en: "Come early, they go fast.",
    es: "Ven temprano, que se acaban rápido.",
    fr: "Viens tôt, ils partent vite.",
  },
  {
    voice: "awb",
    en: "Thank you for talking to us.",
    es: "Gracias por hablar con nosotros.",
    fr: "Merci d'avoir parlé avec nous.",
  },
  {
    voice: "slt",
    en: "Thank you, it was fun.",
    es: "Gracias a ti, fue divertido.",
    fr: "Merci à toi, c'était amusant.",
  },
];
