"""The fields of human-computer interaction in the lexicon (:mod:`analysis.model.lexicon`), written as it is.

The broad field only tells a venue's subject (43-47% of the titles of CHI and UIST hold its words, 13% at most of
any other corpus measured); its narrow fields, "Name < Human-computer interaction", name topics and areas only at
such a venue, where ML's fields of the same words mean something else ("privacy",
"game", "student", "visualization"). They follow the subcommittees CHI's papers are submitted to (accessibility and
aging; learning, education and families; games and play; privacy and security; visualization; health; design;
interaction techniques, devices and modalities; critical and sustainable computing; computational interaction) and
the usual companions of their heads in CHI's and UIST's session titles ("Haptics and tactile feedback", "Text entry
and keyboards", "Personal informatics and self-tracking").
"""

HCI = """
area Human-computer interaction | HCI: human-computer interaction; hci; user; user interface; interface;
    interactive; interaction technique; user experience; ux; usability; user study; design; designing; co-design;
    participatory design; designer; virtual reality; augmented reality; mixed reality; people; older adult; child;
    children; accessibility; accessible; haptic; tangible; wearable; smartphone; everyday; experience; technology;
    digital
Virtual reality < Human-computer interaction: virtual reality; vr; head-mounted display; hmd; immersive; virtual
    environment; redirected walking; avatar; embodiment; cybersickness
Augmented and mixed reality | Augmented reality < Human-computer interaction: augmented reality; mixed reality;
    xr; extended reality; hololens; see-through
Haptics and tactile feedback | Haptics < Human-computer interaction: haptic; haptics; vibrotactile; tactile;
    tactile feedback; force feedback; electrical muscle stimulation; ems; thermal feedback; mid-air haptic;
    ultrasound haptic; kinesthetic
Touch input and gestures | Touch input < Human-computer interaction: touch; touchscreen; multi-touch; gesture;
    gestural; pen; stylus; mid-air gesture; finger; input technique; interaction technique; menu; smartwatch input
Pointing and target selection | Pointing < Human-computer interaction: pointing; target selection; fitts; fitts'
    law; mouse; cursor; target acquisition; steering law; selection technique; moving target
Text entry and keyboards | Text entry < Human-computer interaction: text entry; typing; keyboard; gesture typing;
    soft keyboard; word prediction; autocorrect; keystroke
Accessibility and assistive technology | Accessibility < Human-computer interaction: accessibility; accessible;
    blind; visually impaired; visual impairment; low vision; screen reader; deaf; hard of hearing; sign language;
    disability; disabled; wheelchair; assistive technology; autism; autistic; dyslexia; aphasia; motor impairment;
    neurodivergent; adhd; cognitive impairment; braille
Aging and older adults | Older adults < Human-computer interaction: older adult; older people; aging; ageing;
    elderly; senior; dementia; retirement; later life; grandparent
Children, families and parenting | Children and families < Human-computer interaction: child; children; kid; parent;
    parenting; family; teen; teenager; adolescent; youth; toddler; young people; caregiver
Health and wellbeing | Health < Human-computer interaction: health; mental health; wellbeing; well-being; patient;
    clinical; clinician; therapy; therapist; depression; anxiety; stress; chronic illness; hospital; medical;
    pregnancy; maternal; menstrual; menopause; fertility; diabetes; health care; self-care; mental illness
Personal informatics and self-tracking | Personal informatics < Human-computer interaction: self-tracking; personal
    informatics; quantified self; physical activity; fitness; step count; sleep; behavior change; behaviour change;
    persuasive technology; digital wellbeing; screen time; habit; self-reflection; self-control
Information visualization | Visualization < Human-computer interaction: visualization; visualisation; visual
    analytics; chart; infographic; dashboard; data comic; visual encoding; scatterplot; bar chart; graph
    visualization; data visualization
Usable privacy and security | Privacy < Human-computer interaction: security; password;
    authentication; two-factor; phishing; privacy; privacy concern; privacy setting; surveillance; data sharing;
    disclosure; malware; smart lock
Games and play | Games < Human-computer interaction: game; gaming; video game; player; play; playful; gamification;
    esports; game design; playtesting; spectator; streamer; twitch
Social media and online communities | Social media < Human-computer interaction: social media; twitter; facebook;
    =reddit; =online community; youtube; instagram; tiktok; misinformation; news; harassment; =moderation;
    =content moderation; online platform; social network site; =wikipedia; =forum; =subreddit; =moderator
Education and learning technologies | Learning technologies < Human-computer interaction: education; educational;
    student; teacher; classroom; tutoring; tutor; mooc; computing education; programming education; literacy;
    school; k-12; learning environment; lecture; homework
Digital fabrication and prototyping | Fabrication < Human-computer interaction: fabrication; 3d printing; 3d printed;
    3d printer; laser cutting; laser cutter; printed; prototyping; prototype; maker; makerspace; personal
    fabrication; knitting; textile; e-textile; smart material; shape-changing; morphing; electronics; circuit
Tangible interfaces and physical computing | Tangible interfaces < Human-computer interaction: tangible;
    tangible interface; tangible user interface; physical computing; shape display; on-skin; physical interface;
    actuated
Mobile devices and wearables | Mobile devices < Human-computer interaction: smartphone; mobile phone; smartwatch;
    wearable; notification; mobile device; mobile app; wrist; ring; earable; head-worn; interruption
Human-robot interaction and drones | Human-robot interaction < Human-computer interaction: robot; social robot;
    human-robot; human-robot interaction; hri; =drone; =uav; =quadcopter; humanoid; robotic
Crowdsourcing and crowd work | Crowdsourcing < Human-computer interaction: crowdsourcing; crowd; crowdworker; crowd
    worker; mechanical turk; mturk; amazon mechanical turk; gig work; gig economy; crowd work; gig worker; citizen
    science; microtask
Automotive interfaces and automated driving | Automotive interfaces < Human-computer interaction: automotive;
    in-vehicle; driver; driving; takeover; automated vehicle; automated driving; autonomous vehicle; driving
    simulator; head-up display; car; pedestrian; vehicle
Design research and methods | Design methods < Human-computer interaction: co-design; participatory design; design
    fiction; speculative design; research through design; design research; design practice; design method;
    design workshop; design process; design thinking
Gender, identity and marginalized communities | Marginalized communities < Human-computer interaction: feminist;
    marginalized; gender; postcolonial; decolonial; race; racial; justice; social justice; activism; oppression;
    equity; lgbtq; queer; transgender; women; sexual; refugee; immigrant; low-income; homeless; global south;
    religion; intersectional; empowerment
Environmental sustainability | Sustainability < Human-computer interaction: sustainability; sustainable;
    energy consumption; energy use; eco-feedback; climate change; food; recycling; environmental; agriculture;
    farmer; carbon
Civic technology and public participation | Civic technology < Human-computer interaction: civic; citizen;
    government; community engagement; nonprofit; democracy; public space; public participation; participatory
    budgeting; municipal; voting
Collaboration and remote work | Collaboration < Human-computer interaction: remote collaboration; collaborative
    work; video conferencing; videoconferencing; telepresence; teamwork; workplace; coworker; remote work;
    meeting; knowledge worker; cscw
Art, music and creative practice | Creative practice < Human-computer interaction: artwork; digital art; artist;
    artistic; music; musician; musical; museum; storytelling; dance; dancer; craft; creativity support; creative
    practice; theater; theatre; cultural heritage; exhibition; poetry
Eye tracking and gaze interaction | Gaze interaction < Human-computer interaction: gaze; eye tracking; eye-tracking;
    eye movement; gaze-based; eye gaze; pupil; dwell
Conversational agents and voice assistants | Conversational agents < Human-computer interaction: =voice assistant;
    =voice interface; =smart speaker; =alexa; =siri; chatbot; conversational agent; conversational interface;
    =voice user interface; =speech interface; =voice-based; conversational
Human-AI interaction and explainable AI | Human-AI interaction < Human-computer interaction: human-ai; human-ai
    interaction; human-ai collaboration; explainable ai; xai; explanation; algorithmic decision; algorithmic
    decision-making; trust in ai; ai-assisted; algorithm aversion; explainability; interpretability; algorithmic
Programming and developer tools | Programming tools < Human-computer interaction: programming; programmer;
    developer; code; coding; software development; computational notebook; debugging; end-user programming; live
    programming; api; software engineer; data scientist
Physiological sensing and brain-computer interfaces | Physiological sensing < Human-computer interaction: =eeg;
    =bci; =brain-computer interface; physiological; heart rate; electrodermal; emg; eog; biosignal; biofeedback;
    skin conductance; =fnirs; =brain; =neurofeedback
Smart homes and the Internet of Things | Smart homes < Human-computer interaction: smart home; iot; internet of
    things; home automation; connected device; domestic; household; smart device; home
Sensing and activity recognition | Sensing < Human-computer interaction: sensing; capacitive sensing; acoustic
    sensing; sensing technique; on-body sensing; wireless sensing; radar; rf sensing; activity recognition; motion
    sensing; sensor; tracking system
Emotion and affective computing | Emotion < Human-computer interaction: emotion; emotional; affective; mood;
    empathy; feeling; loneliness
HCI research methods and replication | Research methods < Human-computer interaction: replication;
    reproducibility; statistical analysis; questionnaire; likert; preregistration; research method; hci research;
    peer review; open science; literature review; systematic review
"""
HCI_VENUE = "Human-computer interaction"
# ML's fields whose words HCI writes in its own sense, and whose subjects HCI's fields name at its venues: "privacy"
# is usable privacy there, "game" play, "teacher" and "student" education, "visualization" charts, "code" end-user
# programming, "gaze" eye tracking, "health" wellbeing, "conversational" chatbots (the dev panel 128 and the CHI
# 2019, 2024-2026 and UIST labels before it).
AWAY_FROM_HCI = frozenset(
    {
        "Games and equilibria",
        "Code generation",
        "Interpretability and explainability",
        "Sentiment analysis and opinion mining",
        "Emotion and empathy",
        "Dialogue systems and conversational agents",
        "Social media and misinformation",
        "Saliency detection and gaze prediction",
        "Human motion and pose",
        "Differential privacy",
        "Speech and audio processing",
        "Knowledge distillation",
        "Dimensionality reduction and embeddings",
        "Medical imaging and healthcare",
        "Clinical and biomedical NLP",
    }
)


def away_from(block: str, broad: str, names: frozenset[str] | None = None) -> str:
    """The entries of ``block`` (those ``names`` names, or all) each away from the broad field ``broad`` too.

    An entry is written "Name ! Broad: ..." (:mod:`analysis.model.fields`); one away from another broad field already
    ("Knowledge distillation ! Robot learning") is away from both.
    """
    out = []
    for line in block.strip("\n").splitlines():
        head = line.partition(":")[0]
        name = head.partition("!")[0].partition("|")[0].strip()
        wanted = not line.startswith(" ") and (names is None or name in names)
        out.append(line.replace(":", f" ! {broad}:", 1) if wanted else line)
    return "\n".join(out)


# At a venue of human-computer interaction robots are one subject among many ("Human-robot interaction and drones"),
# and robotics' words mean other things: CHI's locomotion is a VR user's walking ("Legged locomotion" named a group
# on Fitts' law and locomotion in VR at CHI 2025), its tactile and haptic work is feedback, its drivers are people:
# all of robotics' fields are away from it (:data:`analysis.model.lexicon.FIELDS`).
