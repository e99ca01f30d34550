import warnings

import pytest

from optimal.errors import BadInput
from optimal.words import LIST_PAIRS, WordListWarning, include_answers, load_lists, load_words

PUBLISHED = {  # counts and sha256 from shared/data/wordlists/README.md
    "answers-2315": (2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    "guesses-12972": (12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    "nyt-answers": (2309, "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32"),
    "nyt-guesses": (14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
    "nyt-answers-3158": (3158, "3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce"),
}


@pytest.mark.parametrize("name", PUBLISHED)
def test_bundled_lists_match_their_published_checksums(name):
    words = load_words(name)
    assert (len(words), words.sha256) == PUBLISHED[name]


@pytest.mark.parametrize("pair, sizes", [("original", (2315, 12972)), ("nyt", (2309, 14855)),
                                         ("nyt-original", (2309, 12972)), ("norvig", (2309, 2309)),
                                         ("nyt-extended", (3158, 14855)), ("big", (12972, 12972))])
def test_named_pairs(pair, sizes):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the bundled pairs need no repair
        answers, guesses = load_lists(pair)
    assert (len(answers), len(guesses)) == sizes
    assert set(answers.words) <= set(guesses.words)
    assert pair in LIST_PAIRS


def test_custom_list_is_cleaned(tmp_list):
    path = tmp_list("  Cigar \nREBUT\n\n# a comment\nsissy\n")
    assert load_words(path).words == ("cigar", "rebut", "sissy")


def test_duplicates_are_reported_and_dropped(tmp_list):
    path = tmp_list("cigar\nrebut\ncigar\n")
    with pytest.warns(WordListWarning, match="1 duplicate"):
        assert load_words(path).words == ("cigar", "rebut")


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("\n\n# only a comment\n", "empty"),
    ("cigar\nrebuts\n", "mixed lengths"), ("cigar\nreb-t\n", "outside a-z"),
    ("cigar\nréb t\n", "outside a-z"), ("a\n", "1 letters"), ("abcdefghi\n", "9 letters"),
])
def test_bad_lists_are_rejected_with_the_line(tmp_list, text, message):
    with pytest.raises(BadInput, match=message):
        load_words(tmp_list(text))


def test_mixed_lengths_names_both_lines(tmp_list):
    with pytest.raises(BadInput, match="line 3.*line 1"):
        load_words(tmp_list("cigar\nrebut\nsis\n"))


def test_missing_file_is_bad_input():
    with pytest.raises(BadInput, match="not a file"):
        load_words("/no/such/list.txt")


def test_answers_missing_from_guesses_are_added_with_a_warning(tmp_list):
    answers = load_words(tmp_list("cigar\nrebut\n", "a.txt"))
    guesses = load_words(tmp_list("rebut\nsissy\n", "g.txt"))
    with pytest.warns(WordListWarning, match="1 answer"):
        merged = include_answers(answers, guesses)
    assert merged.words == ("rebut", "sissy", "cigar")


def test_answers_and_guesses_of_different_lengths(tmp_list):
    with pytest.raises(BadInput, match="letters"):
        load_lists(answers=tmp_list("cigar\n", "a.txt"), guesses=tmp_list("cigars\n", "g.txt"))


def test_custom_answers_alone_play_with_themselves(tmp_list):
    answers, guesses = load_lists(answers=tmp_list("cigar\nrebut\n"))
    assert answers.words == guesses.words == ("cigar", "rebut")


def test_a_file_named_like_a_bundled_list_is_not_taken_for_it(tmp_path):
    """58 words in a file named answers-2315.txt were reported, filed and written into trees as
    'answers-2315' (the committed results' folder name), and their trees then failed against the
    real list: a file that is not the bundled list gets its own name."""
    bundled = load_words("answers-2315")
    copy = tmp_path / "answers-2315.txt"
    copy.write_text("\n".join(bundled.words[:58]) + "\n")
    assert load_words(str(copy)).name == "answers-2315-file"
    copy.write_text("\n".join(bundled.words) + "\n")  # the same words: the same list
    assert load_words(str(copy)).name == "answers-2315"


def test_a_byte_order_mark_is_no_letter(tmp_path):
    """A list saved by Notepad starts with a byte order mark: '\\ufeffaback' was refused as
    having characters outside a-z; the checker reads it alike (the same sha256)."""
    from optimal import check
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffaback\nabase\n".encode("utf-8"))
    assert load_words(str(path)).words == ("aback", "abase")
    assert check.read_words(path) == ["aback", "abase"]


def test_a_sample_loads_by_the_name_sample_words_gives_it(tmp_path, monkeypatch):
    """'answers-2315-sample12-seed1' is the seeded draw `sample_words` makes and names so: the name
    a report or a tree records loads the same words again."""
    from optimal.words import sample_words

    drawn = sample_words(load_words("answers-2315"), 12, 1)
    loaded = load_words("answers-2315-sample12-seed1")
    assert loaded.name == drawn.name == "answers-2315-sample12-seed1"
    assert loaded.words == drawn.words and len(loaded) == 12
    assert set(loaded.words) <= set(load_words("answers-2315").words)
    assert load_words("answers-2315-sample12-seed2").words != loaded.words
    with pytest.raises(BadInput, match="cannot sample 3000 words"):
        load_words("answers-2315-sample3000-seed1")
    with pytest.raises(BadInput, match="no word list"):
        load_words("nolist-sample5-seed1")
    # a file of that name is the file, not the draw, and is not named as the draw
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers-2315-sample12-seed1").write_text("cigar\nrebut\n")
    other = load_words("answers-2315-sample12-seed1")
    assert other.words == ("cigar", "rebut") and other.name == "answers-2315-sample12-seed1-file"
    (tmp_path / "copy").mkdir()
    same = tmp_path / "copy" / "answers-2315-sample12-seed1.txt"
    same.write_text("\n".join(drawn.words) + "\n")
    assert load_words(str(same)).name == "answers-2315-sample12-seed1"
    odd = tmp_path / "answers-2315-sample99999-seed1.txt"  # no such sample: just a file
    odd.write_text("cigar\n")
    assert load_words(str(odd)).name == "answers-2315-sample99999-seed1"
