"""Name search keys for Japanese names: kana- and romaji-insensitive, pure Python.

A search key is hiragana without spaces, with long vowels folded (``さとう`` and ``さと``
both become ``さと``) because players type "Sato", "Satou" and "Satoh" for the same name.
Katakana, half-width kana and full-width Latin are folded by NFKC and a code-point shift;
romaji (Hepburn or Kunrei, any case) is converted to hiragana with a small table.
"""

from __future__ import annotations

import re
import unicodedata

# Romaji syllables → hiragana. Longest match first (3, 2, 1 letters); both Hepburn and
# Kunrei spellings map to the same kana.
_ROMAJI = {
    "kya": "きゃ", "kyu": "きゅ", "kyo": "きょ", "sha": "しゃ", "shu": "しゅ", "sho": "しょ",
    "sya": "しゃ", "syu": "しゅ", "syo": "しょ", "cha": "ちゃ", "chu": "ちゅ", "cho": "ちょ",
    "tya": "ちゃ", "tyu": "ちゅ", "tyo": "ちょ", "nya": "にゃ", "nyu": "にゅ", "nyo": "にょ",
    "hya": "ひゃ", "hyu": "ひゅ", "hyo": "ひょ", "mya": "みゃ", "myu": "みゅ", "myo": "みょ",
    "rya": "りゃ", "ryu": "りゅ", "ryo": "りょ", "gya": "ぎゃ", "gyu": "ぎゅ", "gyo": "ぎょ",
    "jya": "じゃ", "jyu": "じゅ", "jyo": "じょ", "zya": "じゃ", "zyu": "じゅ", "zyo": "じょ",
    "bya": "びゃ", "byu": "びゅ", "byo": "びょ", "pya": "ぴゃ", "pyu": "ぴゅ", "pyo": "ぴょ",
    "shi": "し", "chi": "ち", "tsu": "つ",
    "ja": "じゃ", "ju": "じゅ", "jo": "じょ", "je": "じぇ",
    "ka": "か", "ki": "き", "ku": "く", "ke": "け", "ko": "こ",
    "sa": "さ", "si": "し", "su": "す", "se": "せ", "so": "そ",
    "ta": "た", "ti": "ち", "tu": "つ", "te": "て", "to": "と",
    "na": "な", "ni": "に", "nu": "ぬ", "ne": "ね", "no": "の",
    "ha": "は", "hi": "ひ", "fu": "ふ", "hu": "ふ", "he": "へ", "ho": "ほ",
    "ma": "ま", "mi": "み", "mu": "む", "me": "め", "mo": "も",
    "ya": "や", "yu": "ゆ", "yo": "よ",
    "ra": "ら", "ri": "り", "ru": "る", "re": "れ", "ro": "ろ",
    "wa": "わ", "wo": "を",
    "ga": "が", "gi": "ぎ", "gu": "ぐ", "ge": "げ", "go": "ご",
    "za": "ざ", "ji": "じ", "zi": "じ", "zu": "ず", "ze": "ぜ", "zo": "ぞ",
    "da": "だ", "di": "ぢ", "du": "づ", "de": "で", "do": "ど",
    "ba": "ば", "bi": "び", "bu": "ぶ", "be": "べ", "bo": "ぼ",
    "pa": "ぱ", "pi": "ぴ", "pu": "ぷ", "pe": "ぺ", "po": "ぽ",
    "a": "あ", "i": "い", "u": "う", "e": "え", "o": "お", "n": "ん",
}  # fmt: skip
_LATIN_LONG = str.maketrans({"ā": "aa", "ī": "ii", "ū": "uu", "ē": "ee", "ō": "ou", "ô": "ou"})
_KATAKANA = {chr(c): chr(c - 0x60) for c in range(ord("ァ"), ord("ヶ") + 1)}
_O_ROW = set("おこそとのほもよろをごぞどぼぽょ")
_U_ROW = set("うくすつぬふむゆるぐずづぶぷゅ")
_SEPARATORS = re.compile(r"[\s・･\-‐ー.,()（）]+")


def romaji_to_hiragana(text: str) -> str:
    """Convert Latin letters to hiragana; other characters pass through."""
    text = text.lower().translate(_LATIN_LONG)
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ""
        # Doubled consonant (kk, tt, tch, ss): small tsu.
        if (
            ch.isascii()
            and ch.isalpha()
            and ch not in "aeioun"
            and (nxt == ch or text[i : i + 3] == "tch")
        ):
            out.append("っ")
            i += 1
            continue
        # "n" before a consonant (or at the end, or "n'") is ん; "nn" is one ん.
        if ch == "n" and (nxt == "" or nxt == "'" or (nxt not in "aeiouy")):
            out.append("ん")
            after = text[i + 2] if i + 2 < len(text) else ""
            # "nn" + vowel is ん + な-row ("kanna"); otherwise "nn"/"n'" is one ん.
            i += 2 if nxt == "'" or (nxt == "n" and after not in "aeiouy") else 1
            continue
        for size in (3, 2, 1):
            kana = _ROMAJI.get(text[i : i + size])
            if kana:
                out.append(kana)
                i += size
                break
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _fold_long_vowels(kana: str) -> str:
    """おう/おお → お, うう → う: how romaji spellings drop long vowels."""
    out: list[str] = []
    for ch in kana:
        prev = out[-1] if out else ""
        if ch == "う" and (prev in _O_ROW or prev in _U_ROW):
            continue
        if ch == "お" and prev in _O_ROW:
            continue
        out.append(ch)
    return "".join(out)


def search_key(text: str) -> str:
    """Hiragana key of a name or reading typed in kana, katakana or romaji."""
    text = unicodedata.normalize("NFKC", text or "").casefold()
    text = _SEPARATORS.sub("", text)
    text = "".join(_KATAKANA.get(ch, ch) for ch in text)
    text = romaji_to_hiragana(text.replace("’", "'")).replace("'", "")
    return _fold_long_vowels(text)


def name_matches(query: str, display_name: str, reading: str) -> bool:
    """True when ``query`` is part of the name as written or of its reading."""
    key = search_key(query)
    if not key:
        return False
    written = _SEPARATORS.sub("", unicodedata.normalize("NFKC", display_name).casefold())
    plain_query = _SEPARATORS.sub("", unicodedata.normalize("NFKC", query).casefold())
    if plain_query and plain_query in written:
        return True
    return key in search_key(reading) or key in search_key(display_name)


def sort_key(display_name: str, reading: str) -> tuple[str, str]:
    """Gojūon order by reading when there is one, else by the written name."""
    reading_key = unicodedata.normalize("NFKC", reading or "")
    reading_key = "".join(_KATAKANA.get(ch, ch) for ch in reading_key).replace(" ", "")
    return (reading_key or unicodedata.normalize("NFKC", display_name).casefold(), display_name)


# Hiragana → Hepburn romaji: the table above read backwards, the Hepburn spelling where
# it has two (し shi, not si). Used to make an ASCII web address from a Japanese name.
_HEPBURN = {"し": "shi", "ち": "chi", "つ": "tsu", "ふ": "fu", "じ": "ji", "ぢ": "ji", "づ": "zu"}
_KANA_ROMAJI: dict[str, str] = {}
for _latin, _kana in _ROMAJI.items():
    _KANA_ROMAJI.setdefault(_kana, _latin)
for _kana in ("しゃ", "しゅ", "しょ", "ちゃ", "ちゅ", "ちょ", "じゃ", "じゅ", "じょ"):
    _KANA_ROMAJI[_kana] = _HEPBURN[_kana[0]][:-1] + _KANA_ROMAJI[_kana][-1]
_KANA_ROMAJI.update(_HEPBURN)
_KANA_ROMAJI.update({"ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o", "ゃ": "ya"})
_KANA_ROMAJI.update({"ゅ": "yu", "ょ": "yo", "ゎ": "wa", "ゐ": "i", "ゑ": "e", "ゔ": "vu"})
_KANA_ROMAJI.update(  # loanword spellings: カフェ kafe, パーティー paatii
    {"ふぁ": "fa", "ふぃ": "fi", "ふぇ": "fe", "ふぉ": "fo", "てぃ": "ti", "でぃ": "di"}
)
_KANA_ROMAJI.update({"うぃ": "wi", "うぇ": "we", "うぉ": "wo", "しぇ": "she", "ちぇ": "che"})


def kana_to_romaji(text: str) -> str:
    """Hiragana and katakana in ``text`` spelled in Hepburn romaji (っ doubles the next
    consonant, ー repeats the vowel); other characters pass through (kanji too: they
    have no reading here)."""
    text = unicodedata.normalize("NFKC", text or "")
    text = "".join(_KATAKANA.get(ch, ch) for ch in text)
    out: list[str] = []
    double = False
    i = 0
    while i < len(text):
        for size in (2, 1):
            latin = _KANA_ROMAJI.get(text[i : i + size])
            if latin:
                break
        else:
            latin, size = None, 1
        ch = text[i]
        i += size
        if ch == "っ":
            double = True
            continue
        if ch == "ー" and out and out[-1][-1:] in "aeiou":
            out.append(out[-1][-1])
            continue
        piece = latin if latin is not None else ch
        if double and piece[:1].isalpha() and piece[:1] not in "aeiou":
            piece = ("t" if piece.startswith("ch") else piece[0]) + piece
        double = False
        out.append(piece)
    return "".join(out)
