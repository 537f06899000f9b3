"""The robotics fields of the lexicon (:mod:`analysis.model.lexicon`), written as it is.

They follow the keyword groups of the IEEE Robotics and Automation Society (the keywords ICRA and IROS papers
are filed under); the parts name areas of a venue whose own subject is "Robot learning".
"""

ROBOTICS = """
Robot learning and embodied agents | Robot learning: robot; embodied; embodied agent; robotic; manipulation;
    grasping; dexterous; robot learning; visuomotor; sim-to-real; humanoid
Legged locomotion | Locomotion: locomotion; legged; quadruped; biped; bipedal; humanoid walking; gait; legged robot
Robot navigation | Navigation: navigation; mobile robot; path planning; visual navigation; social navigation
Autonomous driving and motion forecasting: autonomous driving; driving; trajectory prediction; motion forecasting;
    traffic; vehicle; +driving; +driver; +self-driving; +autonomous vehicle; +lane; +pedestrian; +trajectory
    prediction; +motion forecasting; +car
Traffic and urban mobility | Traffic: traffic flow; traffic prediction; traffic forecasting; traffic signal;
    traffic signal control; transportation; urban computing; human mobility; ride-hailing; taxi; road network
State estimation and sensor fusion | State estimation: state estimation; sensor fusion; kalman filter; ekf; ukf;
    extended kalman filter; unscented kalman filter; particle filter; imu; inertial; visual-inertial; odometry;
    inertial odometry; factor graph
SLAM and localization | SLAM: slam; simultaneous localization and mapping; loop closure; place recognition;
    localization; relocalization; visual odometry; lidar odometry; semantic mapping; occupancy map; 3d mapping
Motion planning and trajectory optimization | Motion planning: motion planning; trajectory optimization; path
    planning; sampling-based planning; rrt; probabilistic roadmap; kinodynamic; trajectory planning; collision
    avoidance; obstacle avoidance; motion planner
Task and motion planning: task and motion planning; tamp; task planning; rearrangement; long-horizon manipulation
Multi-robot systems and swarms | Multi-robot systems: multi-robot; swarm; robot swarm; formation control; multi-agent
    path finding; mapf; task allocation; multi-uav; robot team; heterogeneous robots
Aerial robots and UAVs | Aerial robots: uav; unmanned aerial vehicle; drone; quadrotor; multirotor; quadcopter;
    aerial robot; aerial vehicle; mav; micro aerial vehicle; aerial manipulation; flight;
    +flight; +control; +controller; +robot; +quadrotor; +multirotor; +planning; +navigation; +trajectory
Underwater and marine robots | Marine robots: underwater; auv; autonomous underwater vehicle; underwater vehicle;
    marine; asv; surface vehicle; rov; ocean
Exoskeletons, prosthetics and rehabilitation | Exoskeletons: exoskeleton; prosthesis; prosthetic; rehabilitation;
    wearable robot; orthosis; assistive device; gait assistance; emg; electromyography; myoelectric
Surgical and medical robots | Surgical robots: surgical; surgery; surgical robot; minimally invasive; needle;
    catheter; continuum robot; endoscope; endoscopic; laparoscopic; medical robot
Soft robots and actuators | Soft robots: soft robot; soft robotic; soft actuator; pneumatic; artificial muscle;
    soft gripper
Compliant and variable stiffness actuation | Compliant actuation: variable stiffness; variable stiffness actuator;
    vsa; series elastic; series elastic actuator; compliant actuator; elastic actuator; compliant joint;
    tendon-driven; cable-driven; twisted string; compliant mechanism; variable impedance
Grasping and dexterous manipulation | Grasping: grasping; grasp; grasp detection; dexterous manipulation; in-hand
    manipulation; gripper; pick-and-place; bin picking; suction
Human-robot interaction: human-robot interaction; hri; human-robot collaboration; physical human-robot
    interaction; social robot; collaborative robot; cobot; shared autonomy
Teleoperation and haptics | Teleoperation: teleoperation; telerobotics; teleoperated; haptic; haptics; haptic
    feedback; force feedback; bilateral control; telepresence
Tactile sensing: tactile; tactile sensing; tactile sensor; touch sensing; robot skin; force sensing; force sensor
Calibration and system identification | Calibration: extrinsic calibration; camera calibration; hand-eye
    calibration; sensor calibration; lidar calibration; kinematic calibration; system identification; parameter
    identification
Force control and compliance | Force control: impedance control; admittance control; force control; compliance
    control; contact-rich; interaction control; variable impedance
Kinematics and robot mechanisms | Kinematics: kinematics; inverse kinematics; kinematic; parallel robot; parallel
    mechanism; redundant manipulator; workspace; singularity
Safe control and verification | Safe control: control barrier function; barrier function; cbf; reachability;
    safety-critical control; safe control; safety filter; formal verification
Optimal control and MPC | Optimal control: model predictive control; mpc; optimal control; nonlinear
    mpc; whole-body control; feedback control
Active perception and exploration | Active perception: active perception; active mapping; next-best-view;
    informative path planning; autonomous exploration; frontier-based exploration; view planning
Microrobots and magnetic actuation | Microrobots: microrobot; micro-robot; nanorobot; microswimmer; magnetic
    actuation; magnetic field
Micro- and nanomanipulation | Micromanipulation: micromanipulation; micro-manipulation; nanomanipulation; microhand;
    microgripper; micro gripper; optical tweezers; microfluidic; microfluidics; cell manipulation; microassembly;
    micro force sensor; atomic force microscope; afm
Agricultural and field robots | Field robots: agricultural; agriculture; crop; harvesting; fruit; field robot;
    orchard; weed; forestry; plant phenotyping
Robot software and programming | Robot software: ros; robot operating system; middleware; robot programming;
    domain-specific language; software architecture; robot software; control software; software framework;
    component-based; open source
Formal methods and temporal logic | Formal methods: temporal logic; linear temporal logic; ltl; signal temporal
    logic; formal method; formal specification; reactive synthesis; correct-by-construction; model checking
Visual servoing: visual servoing; visual servo; visual servo control; image-based visual servoing; ibvs;
    position-based visual servoing; pbvs
Robot audition and sound localization | Robot audition: robot audition; sound source localization; sound
    localization; sound source separation; sound source; microphone array; binaural
Bio-inspired robots: bio-inspired; bioinspired; biologically inspired; biomimetic; robotic fish; snake robot;
    snake-like robot; flapping-wing; flapping wing; robotic insect; insect-inspired; gecko; inchworm
Wheeled robots and rough terrain | Wheeled robots: wheeled robot; wheeled mobile robot; rover; planetary rover;
    rough terrain; wheel-terrain; skid-steer; tracked vehicle; tracked robot; omnidirectional wheel
"""
ROBOTICS_PARTS = """
area Robot design, mechanisms and actuation | Robot design < Robot learning: mechanism; mechanical design; design;
    actuator; actuation; kinematics; kinematic; parallel robot; soft robot; soft actuator; continuum robot;
    cable-driven; tendon-driven; compliant; variable stiffness; modular robot; reconfigurable; joint; motor;
    transmission; series elastic actuator; bio-inspired; origami; stiffness
area Motion planning and control | Planning and control < Robot learning: motion planning; path planning; trajectory
    optimization; trajectory planning; planning; planner; model predictive control; mpc; optimal control; safe
    control; controller; feedback control; collision avoidance; obstacle avoidance; multi-robot; task allocation;
    task planning; control barrier function
area Localization, mapping and state estimation | Localization and mapping < Robot learning: slam; localization;
    mapping; map; odometry; visual odometry; lidar odometry; state estimation; sensor fusion; kalman filter;
    calibration; place recognition; loop closure; visual localization; imu; inertial; registration
area Robot perception and scene understanding | Robot perception < Robot learning: object detection; detection;
    segmentation; semantic segmentation; depth; depth estimation; point cloud; 3d; perception; semantic; scene
    understanding; object pose; 6d pose; visual servoing; camera; lidar; object recognition; tracking
area Navigation and autonomous driving | Navigation < Robot learning: navigation; mobile robot; autonomous driving;
    self-driving; driving; autonomous vehicle; vehicle; trajectory prediction; motion forecasting; pedestrian;
    social navigation; exploration; traversability
area Legged and humanoid locomotion | Locomotion < Robot learning: locomotion; legged; quadruped; biped; bipedal;
    humanoid; walking; gait; balance; jumping; hopping; running; whole-body control
area Manipulation and grasping | Manipulation < Robot learning: manipulation; grasping; grasp; gripper; dexterous;
    in-hand; pick-and-place; assembly; deformable object; cloth; rope; tactile; contact-rich; pushing;
    rearrangement; bin picking; manipulator
area Human-robot interaction, haptics and assistive robots | Human-robot interaction < Robot learning: human-robot
    interaction; hri; human-robot collaboration; human-robot; social robot; teleoperation; haptic; haptics;
    exoskeleton; rehabilitation; wearable; assistive; prosthesis; prosthetic; user study; shared autonomy; gesture
area Aerial, marine and field robots | Field robots < Robot learning: uav; aerial; drone; quadrotor; multirotor;
    flight; underwater; marine; auv; field robot; agricultural; agriculture; space; planetary; rover; off-road;
    terrain; outdoor; forestry; mining
area Medical and surgical robots | Medical robots < Robot learning: surgical; surgery; medical; needle; catheter;
    continuum robot; endoscope; endoscopic; minimally invasive; capsule; tissue; patient; clinical; ultrasound
area Learning for robot control | Robot learning < Robot learning: reinforcement learning; imitation learning;
    learning from demonstration; demonstration; policy; policy learning; deep learning; neural network;
    learning-based; sim-to-real; reward
"""
