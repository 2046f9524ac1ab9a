// The rule behind a refusal.
//
// A refusal links to the paragraph of the page's rules it comes from: of the rules paragraphs
// (before "Worked examples"), the one sharing most of the reason's telling words, rare words
// counting more. Suits and ranks are left out (they name the cards, not the rule), and the
// engine's "follow" is also the rules' "the suit led". Matching words rather than tagging every
// rule keeps the pages free prose; a reason that shares too little gets no link, not a wrong one.

import { el } from "./dom.js";

// Words that name cards and seats say which cards, not which rule.
const CARD_WORDS = new Set(("clubs diamonds hearts spades oros copas espadas bastos ace king queen jack " +
  "two three four five six seven eight nine ten south west north east yours").split(" "));
const COMMON_WORDS = new Set([...CARD_WORDS, ...("the and or of to in on it is are be you your can cannot must " +
  "may not this that with for one has have been was were if as at by from their its when only any all but yet " +
  "until then than play played plays card cards").split(" ")]);
// Rules a paragraph may state in other words than the engine's reason: "follow" is also "a card
// of the suit that was led"; "led" is also "leads".
const SAID_ALSO = { follow: /\bfollow(?:s|ing)? suit|\bsuit (?:that (?:was|is) )?led\b|\bsame suit\b/i,
  led: /\ble(?:d|ads?)\b/i };
const stem = (word) => (word === "led" ? word : word.replace(/(?:ing|ed|es|s)$/, ""));

// The telling words of a text, stemmed, and the cards it names ("2♣"); ``all`` keeps common words.
function keyWords(text, all) {
  const words = text.toLowerCase().replace(/[^a-z0-9\u00c0-\u024f♠♣♥♦]+/g, " ").split(" ")
    .filter((word) => /[♠♣♥♦]/.test(word) ? /^(?:10|[2-9akqj])[♠♣♥♦]$/.test(word)
      : word.length > 2 && /^[a-z\u00c0-\u024f]+$/.test(word) && (all || !COMMON_WORDS.has(word)));
  return new Set(words.map(stem));
}

// The paragraph (or list item) of the rules that ``reason`` comes from, or null.
export function ruleParagraph(reason, table) {
  const wanted = keyWords(reason);
  // "Hearts are not broken yet": a suit at the head of a reason is what it is about.
  if (/^(hearts|spades|trumps)\b/i.test(reason)) wanted.add(stem(reason.split(" ")[0].toLowerCase()));
  const article = table.closest("article") || document.querySelector("article");
  if (!wanted.size || !article) return null;
  const examples = article.querySelector("#worked-examples");
  const paragraphs = [];
  for (const node of article.querySelectorAll("p, li")) {
    if (examples && examples.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) break;
    // The quick reference repeats the rules in brief: a refusal links to the rule written out in full.
    if (node.closest(".pt-live, .pt-info-panel, .pt-play-now, .pt-quickref, nav, table") || node.querySelector("p, li")) continue;
    paragraphs.push({ node, text: node.textContent, words: keyWords(node.textContent, true) });
  }
  const says = (paragraph, word) => (SAID_ALSO[word] ? SAID_ALSO[word].test(paragraph.text) : paragraph.words.has(word));
  // Rare words tell more: a word in every paragraph says nothing of which rule it is.
  const weight = new Map();
  wanted.forEach((word) => {
    const holders = paragraphs.filter((p) => says(p, word)).length;
    weight.set(word, holders ? Math.log((paragraphs.length + 1) / holders) : 0);
  });
  const total = Array.from(weight.values()).reduce((a, b) => a + b, 0);
  // Between paragraphs as telling, the one sharing more of the reason's plain words ("you must").
  const plain = new Set(Array.from(keyWords(reason, true)).filter((word) => !CARD_WORDS.has(word) && !CARD_WORDS.has(`${word}s`)));
  let best = null;
  let bestScore = [0, 0];
  paragraphs.forEach((paragraph) => {
    let score = 0;
    wanted.forEach((word) => { if (says(paragraph, word)) score += weight.get(word); });
    let shared = 0;
    plain.forEach((word) => { if (paragraph.words.has(word)) shared += 1; });
    if (score > bestScore[0] + 1e-9 || (Math.abs(score - bestScore[0]) < 1e-9 && score > 0 && shared > bestScore[1])) {
      best = paragraph.node;
      bestScore = [score, shared];
    }
  });
  return total > 0 && bestScore[0] >= total / 2 ? best : null;
}

// A "Read the rule" link for a refusal at the table ``root``, or null when no rule fits. The rule,
// once visited, is marked and has a way back to the table.
export function ruleLink(reason, root) {
  const rule = ruleParagraph(reason, root);
  if (!rule) return null;
  if (!rule.id) rule.id = `rule-${Array.from(document.querySelectorAll("article p, article li")).indexOf(rule)}`;
  const link = el("a", { class: "pt-rule-link", href: `#${rule.id}` }, ["Read the rule"]);
  link.addEventListener("click", () => markRule(rule, root));
  return link;
}

function markRule(rule, root) {
  document.querySelectorAll(".pt-rule-shown").forEach((node) => node.classList.remove("pt-rule-shown"));
  document.querySelectorAll(".pt-rule-back").forEach((node) => node.remove());
  rule.classList.add("pt-rule-shown");
  const back = el("a", { class: "pt-rule-back", href: `#${root.id || "live-table"}` }, ["Back to the table"]);
  back.addEventListener("click", () => { rule.classList.remove("pt-rule-shown"); back.remove(); });
  rule.append(" ", back);
}
