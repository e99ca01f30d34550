"""Shared fixtures: small games built from custom lists, so tests never depend on files outside the
repository and run in seconds. The bundled lists are used where a published figure is checked."""

from __future__ import annotations

import sys
from pathlib import Path

# Keep compiled test modules (their asserts rewritten) and package modules between runs even where
# $PYTHONDONTWRITEBYTECODE is set (as on this project's machines): otherwise every test process
# rewrites and compiles every test module afresh, about 5 s per process per run. The files go to
# __pycache__/ folders, which git ignores.
sys.dont_write_bytecode = False

import pytest

from optimal.game import Game
from optimal.words import WordList, load_lists

SMALL_ANSWERS = """cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma
stink grade quiet bench abate feign major death fresh crust stool colon abase marry react batty
pride floss helix croak staff paper unfed whelp trawl outdo adobe crazy sower repay digit crate
cluck spike mimic pound maxim linen unmet flesh booby forth first stand belly ivory seedy print
yearn drain bribe stout panel crass flume offal agree error swirl argue bleed delta flick totem
wooer front shrub parry biome lapel start greet goner golem lusty loopy round audit lying gamma
labor islet civic forge corny moult basic salad agate spicy spray essay fjord spend kebab guild
aback motor alone hatch hyper thumb dowry ought belch dutch pilot tweed comet jaunt enema steed
abyss growl fling dozen boozy erode world gouge click briar great altar pulpy blurt coast duchy
groin fixer group rogue badly smart pithy gaudy chill heron vodka finer surer radio rouge perch
retch wrote clock tilde store prove bring solve cheat grime exult usher epoch triad break rhino
viral conic masse sonic vital trace using peach champ baton brake pluck craze gripe weary picky
acute ferry aside tapir troll unify rebus boost truss siege tiger banal slump crank gorge query
drink favor abbey tangy panic solar shire proxy point robot prick wince crimp knoll sugar whack
mount perky could wrung light those moist shard pleat aloft skill elder frame humor pause ulcer
ultra robin cynic aroma caulk shake dodge swill tacit other thorn trove bloke vivid spill chant
choke rupee nasty mourn ahead brine cloth hoard sweet month lapse watch today focus smelt tease
cater movie saute allow renew their slosh purge chest depot epoxy nymph found shall harry stove
lowly snout trope fewer shawl natal comma foray scare stair black squad royal chunk mince shame
cheek ample flair foyer cargo oxide plant olive inert askew heist shown zesty hasty trash fella
larva forgo story hairy train homer badge midst canny fetus butch farce slung tipsy metal yield
delve being scour glass gamer scrap money hinge album vouch asset tiara crept bayou atoll manor
creak showy phase froth depth gloom flood trait girth piety payer goose float donor atone primo
apron blown cacao loser input gloat awful brink smite beady rusty retro droll gawky hutch pinto
gaily egret lilac sever field fluff hydro flack agape voice stead stalk berth madam night bland
liver wedge augur roomy wacky flock angry bobby trite aphid tryst midge power elope cinch motto
stomp upset bluff cramp quart coyly youth rhyme buggy alien smear unfit patty cling glean label
hunky khaki poker gruel twice twang shrug treat unlit waste merit woven octal needy clown widow
irony ruder gauze chief onset prize fungi charm gully inter whoop taunt leery class theme lofty
tibia booze alpha thyme eclat doubt parer chute stick trice alike sooth recap saint liege glory
grate admit brisk soggy usurp scald scorn leave twine sting bough marsh sloth dandy vigor howdy
enjoy""".split()


def small_game(n: int = 60, mode: str = "normal", max_guesses: int = 6, offset: int = 0) -> Game:
    """A game on a slice of real answers, with the same words as guesses plus a few extra."""
    answers = tuple(sorted(SMALL_ANSWERS[offset:offset + n]))
    extra = ("salet", "trace", "crane", "slate", "roate", "fjord", "nymph", "waltz", "gucks",
             "vibex", "lymph", "chomp", "prick", "blind", "dwarf")
    guesses = tuple(dict.fromkeys(answers + extra))
    return Game(WordList("small", answers, "test"), WordList("small-guesses", guesses, "test"),
                mode, max_guesses)


@pytest.fixture(scope="session", autouse=True)
def kernel_cache_first() -> None:
    """Switch the kernel cache on in each test process before any test runs. Why: the first
    kernel use in a process fixes numba's cache folder for the rest of it, and a test that points
    `$OPTIMAL_CACHE` at a temporary or unusable folder would otherwise make every later test in
    that process compile every kernel afresh (it cost the quick suite about 4 CPU-minutes)."""
    from lookahead.spaces.kernel_cache import use_kernel_cache
    use_kernel_cache()


@pytest.fixture(scope="session")
def original() -> Game:
    """The original lists (2,315 answers, 12,972 guesses), normal mode, 6 guesses."""
    answers, guesses = load_lists("original")
    return Game(answers, guesses)


@pytest.fixture
def tmp_list(tmp_path: Path):
    """Write a word list file and return its path."""
    def write(text: str, name: str = "words.txt") -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return write


#: The test files that take longest, run first: the workers (`-n auto --dist loadfile`) take files in
#: collection order, and with the browser's file last one worker ran 11 s after the other was done.
LONGEST_FIRST = ("test_web_browser.py", "test_faults.py", "test_web_api.py", "test_golden.py",
                 "test_certificates.py", "test_bad_input.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the longest files first (the sort is stable: every file keeps its own order)."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONGEST_FIRST)))
