"""The weights that group names are scored and chosen by, shared by the phrases and the fields.

:mod:`analysis.model.naming` scores a group's phrases, :mod:`analysis.model.naming_fields` its fields;
both compare them with these, so that a phrase and a field are weighed alike.
"""

# A title holding the phrase counts this many times as much as an abstract only.
TITLE_WEIGHT = 2
# Focus weighs as its power in the score: a field's broad name ("LLMs") loses to its group's own subject.
FOCUS_POWER = 0.75
# A second phrase (or field) joins the first when it adds this share of the group's papers ...
ADDS = 0.15
# ... and scores at least this part of the first.
SECOND = 0.35
# A second or third part is in at least this share of the group's papers.
PART_SHARE = 0.1
# A second or third part has at least this share of the corpus's papers holding it in the group.
PART_FOCUS = 0.15
# Below this share of the group's papers covered, a third subject is named.
COVERED = 0.5
# A field (:mod:`analysis.model.fields`) names a topic when its cues are in this share of its papers ...
FIELD_SHARE = 0.35
# ... an area when in this share of its papers ...
AREA_SHARE = 0.5
# ... and it scores at least this part of the group's best phrase.
FIELD_OVER = 0.9
# A broad field names an area only where the area holds it this many times as often as the rest of the corpus.
AREA_LIFT = 1.5
# A narrow field scoring above a broad one names an area before it where it is in this share of the area.
NARROW_AREA = 0.4
# The best phrase keeps its name instead where it is a cue of the field in this share of the group.
OWN_HEAD = 0.6
# Nor does a field whose cues are in less than this part of the papers its phrases name.
PHRASES_COVER = 0.75
# A group of fewer papers is named by its own phrases.
FIELD_MIN = 3
# A group of at most this many papers that no phrase covers is named by its papers' own subjects.
SMALL = 8
# A larger group whose name's phrases hold under this share of it is mixed, and says so.
MINORITY = 0.15
# A narrow field names a topic that a broad field holds in this share of its papers ...
BROAD_MOST = 0.6
# ... or in this share, scoring as a field must against the group's phrases ...
BROAD_SHARE = 0.4
# ... where it scores as well and covers this part of what the broad one covers (it is what the group is).
NARROW_PART = 0.6
# A phrase in fewer of a group's papers than this share names a minority: it neither blocks a field ...
HEAD_SHARE = 0.2
# ... nor does a phrase whose corpus's papers are mostly elsewhere (under this share in the group: "neural network")
# count as covering the group.
GENERIC_FOCUS = 0.1
# A kind of that broad field ("Deep learning theory" of "Deep learning") names the topic in this share of it: set on
# panel 74's five (dev figures), three held 29-31% and rated higher, two 21-24% and lower.
KIND_TOPIC = 0.25
# A field in less than this share of a topic names it with a second field beside it ...
FIELD_WHOLE = 0.6
# ... a narrow one that with the first holds this share of its papers.
TOPIC_SECOND = 0.7
# A field in more of a topic is named with a narrow field beside it that is in this share of the topic and more
# focused on it than the first (dev panel 135).
FOCUSED_SECOND = 0.4
# Two or three narrow fields name an area none covers where together they hold this share of it.
AREA_FIELDS = 0.6
# A broad field holding this share of the first field's papers is its parent, no second subject.
PARENT = 0.8
DECIMALS = 6
