// Word and model lists of the demo inventory: organization names, people, device models, software, outages.
// Lists are written as '|'-separated strings to keep this file short; fields inside an entry use '/'.
const list = (s: string) => s.split('|');

export const ORG_PREFIXES = list(
  'Cedar Ridge|Harbor Point|Summit|Blue Heron|Riverbend|Oak Hollow|Pinecrest|Lakeside|Granite|Silver Creek|' +
    'Northgate|Westfield|Maple Grove|Stonebridge|Bayview|Redwood|Eagle Rock|Willow Park|Highland|Fox Run|' +
    'Clearwater|Brookside|Ironwood|Prairie|Lighthouse|Copper Canyon|Sunrise|Meadowbrook|Heritage|Keystone|' +
    'Crescent|Liberty|Magnolia|Falcon|Aspen|Coastal|Valley|Horizon|Evergreen|Parkside|Sterling|Bluewater|' +
    'Golden Gate|Cornerstone|Tri-County|Metro|Pioneer|Landmark|Trinity|Hillcrest',
);
// Industry words, each with a kind that picks its line-of-business software.
export const ORG_INDUSTRIES = list(
  'Dental/dental|Family Dentistry/dental|Orthodontics/dental|Law Group/law|Legal/law|Accounting/accounting|' +
    'CPA Group/accounting|Tax & Bookkeeping/accounting|Family Medicine/medical|Pediatrics/medical|' +
    'Dermatology/medical|Physical Therapy/medical|Veterinary Clinic/vet|Animal Hospital/vet|' +
    'Construction/construction|Builders/construction|Architects/design|Engineering/design|' +
    'Design Studio/design|Realty/office|Property Management/office|Insurance Agency/office|' +
    'Wealth Advisors/accounting|Title Company/office|Logistics/office|Manufacturing/construction|' +
    'Auto Group/office|Church/office|Academy/office|Foundation/office|Credit Union/accounting|' +
    'Landscaping/construction|Plumbing/construction|HVAC/construction|Electric/construction|Brewing Co./office',
);
export const ORG_SUFFIXES = list('||||LLC|Inc.|PC|PLLC|Group|& Associates|Partners');
export const VENDORS = list(
  'Dell Technologies|Fortinet|Ubiquiti|Ingram Micro|Pax8|TD SYNNEX|Lenovo|HP Inc.|Cisco Systems|Synology|' +
    'APC by Schneider Electric|Comcast Business',
);
export const COMPETITORS = list(
  'Bright Path IT|Northstar Managed Services|TechForce MSP|Blue Shield Networks|Apex Computer Services|' +
    'Cloud Nine IT|Ridgeline Technology Partners|Vertex IT Solutions',
);
export const STREETS = list(
  'Main St|Oak Ave|Commerce Dr|Park Blvd|Industrial Pkwy|Market St|Washington Ave|Lake Rd|Elm St|' +
    'Corporate Center Dr|Highway 9|Jefferson St|Broadway|Mill Rd|Professional Plaza',
);
// City / state / ZIP / area code
export const CITIES = list(
  'Springfield/IL/62701/217|Naperville/IL/60540/630|Madison/WI/53703/608|Ann Arbor/MI/48104/734|' +
    'Columbus/OH/43215/614|Fort Wayne/IN/46802/260|Des Moines/IA/50309/515|Omaha/NE/68102/402|' +
    'Rockford/IL/61101/815|Green Bay/WI/54301/920|Dayton/OH/45402/937|Peoria/IL/61602/309',
);
export const FIRST_NAMES = list(
  'James|Mary|Robert|Patricia|John|Jennifer|Michael|Linda|David|Elizabeth|William|Barbara|Richard|Susan|' +
    'Joseph|Jessica|Thomas|Sarah|Charles|Karen|Christopher|Lisa|Daniel|Nancy|Matthew|Betty|Anthony|Sandra|' +
    'Mark|Ashley|Steven|Kimberly|Paul|Emily|Andrew|Donna|Joshua|Michelle|Kevin|Carol|Brian|Amanda|Ana|' +
    'Wei|Hiroshi|Priya|Carlos|Fatima|Olga|Kwame|Mei|Diego|Aaliyah|Tyrone|Nora|Grace|Owen|Chloe',
);
export const LAST_NAMES = list(
  'Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|Gonzalez|' +
    'Wilson|Anderson|Thomas|Taylor|Moore|Jackson|Martin|Lee|Perez|Thompson|White|Harris|Sanchez|Clark|' +
    'Ramirez|Lewis|Robinson|Walker|Young|Allen|King|Wright|Scott|Torres|Nguyen|Hill|Flores|Green|Adams|' +
    'Nelson|Baker|Hall|Rivera|Campbell|Mitchell|Carter|Roberts|Kowalski|Schmidt|Olsen|Patel|Chen|Okafor',
);
export const TITLES = list(
  'Owner|President|Office Manager|Practice Manager|Controller|Bookkeeper|Receptionist|Operations Manager|' +
    'Managing Partner|Paralegal|Hygienist|Project Manager|Estimator|Administrative Assistant|CFO|' +
    'Front Desk Coordinator|Billing Specialist|Associate|Shop Foreman|HR Manager',
);
export const LOCATIONS = list(
  'Front Desk|Main Office|Reception|Conference Room|Back Office|Accounting|Warehouse|Exam Room 2|' +
    'Second Floor|Shop|Remote|Remote',
);
export const RACK_LOCATIONS = list('Server Closet|Network Rack|Back Office|IT Room|Copy Room');
export const ANTIVIRUS = list(
  'SentinelOne|Microsoft Defender for Business|Bitdefender GravityZone|Sophos Intercept X|Webroot SecureAnywhere',
);

/**
 * Device categories: name, device-name code, description, models ('Manufacturer/Model'), systems
 * ('Operating system/version'), firmware versions; `agent` devices run the RMM agent (AV, BitLocker, patches).
 */
export type CategorySpec = {
  name: string;
  code: string;
  description: string;
  models: string[];
  os: string[];
  firmware: string[];
  agent: boolean;
  virtual?: boolean;
};
const category = (
  name: string,
  code: string,
  description: string,
  models: string,
  os: string,
  firmware: string,
  agent: boolean,
): CategorySpec => ({
  name,
  code,
  description,
  models: list(models),
  os: os ? list(os) : [],
  firmware: firmware ? list(firmware) : [],
  agent,
  virtual: code === 'VM',
});
const WINDOWS_DESKTOP = 'Windows 11 Pro/23H2|Windows 11 Pro/24H2|Windows 11 Pro/22H2|Windows 10 Pro/22H2';
const WINDOWS_SERVER =
  'Windows Server 2022 Standard/21H2|Windows Server 2019 Standard/1809|Windows Server 2016 Standard/1607';
export const CATEGORIES: CategorySpec[] = [
  category(
    'Workstation',
    'WS',
    'Desktop computers',
    'Dell/OptiPlex 7090|Dell/OptiPlex 7010|Dell/OptiPlex 5000|HP/EliteDesk 800 G6|HP/ProDesk 400 G7|' +
      'Lenovo/ThinkCentre M70q Gen 3|Lenovo/ThinkCentre M920q|Apple/iMac 24-inch (M3)',
    WINDOWS_DESKTOP,
    '',
    true,
  ),
  category(
    'Laptop',
    'LT',
    'Notebooks and convertibles',
    'Lenovo/ThinkPad T14 Gen 3|Lenovo/ThinkPad X1 Carbon Gen 11|Dell/Latitude 5440|Dell/Latitude 7430|' +
      'HP/EliteBook 840 G9|HP/ProBook 450 G10|Microsoft/Surface Laptop 5|Apple/MacBook Air 13-inch (M2)',
    WINDOWS_DESKTOP,
    '',
    true,
  ),
  category(
    'Server',
    'SRV',
    'Physical servers',
    'HPE/ProLiant DL380 Gen10|HPE/ProLiant ML350 Gen10|HPE/ProLiant DL360 Gen10 Plus|Dell/PowerEdge R740|' +
      'Dell/PowerEdge T440|Dell/PowerEdge R750|Lenovo/ThinkSystem SR650',
    `${WINDOWS_SERVER}|VMware ESXi/8.0 U2|VMware ESXi/7.0 U3`,
    'iLO 5 2.81|iLO 5 3.04|iDRAC9 6.10.30.00|iDRAC9 7.00.00.171|XCC 4.10',
    true,
  ),
  category(
    'Firewall',
    'FW',
    'Perimeter firewalls and VPN gateways',
    'Fortinet/FortiGate 60F|Fortinet/FortiGate 40F|Fortinet/FortiGate 100F|SonicWall/TZ370|SonicWall/TZ470|' +
      'WatchGuard/Firebox T45',
    '',
    'FortiOS 7.2.8|FortiOS 7.4.3|FortiOS 7.0.15|FortiOS 6.4.14|SonicOS 7.0.1-5145|Fireware 12.10.3',
    false,
  ),
  category(
    'Switch',
    'SW',
    'Network switches',
    'Ubiquiti/USW-Pro-24-PoE|Ubiquiti/USW-24|Cisco/Catalyst 9200L-24P|Cisco/CBS350-24P|Aruba/2930F-24G|' +
      'Meraki/MS120-24P|Netgear/GS724T',
    '',
    '6.6.61|7.0.50|17.9.4|3.3.0.16|WC.16.11.0016|15.21.1|6.6.4.31',
    false,
  ),
  category(
    'Wireless AP',
    'AP',
    'Wireless access points',
    'Ubiquiti/U6-Pro|Ubiquiti/U6-Lite|Ubiquiti/U6-LR|Ubiquiti/UAP-AC-Pro|Meraki/MR36|Aruba/AP-505|' +
      'Fortinet/FortiAP 231F',
    '',
    '6.6.77|6.5.62|6.2.49|MR 29.7.1|8.10.0.9|7.2.4',
    false,
  ),
  category(
    'Printer',
    'PRN',
    'Printers and multifunction copiers',
    'HP/LaserJet Pro M404n|HP/Color LaserJet Pro MFP M479fdw|Brother/HL-L8360CDW|Brother/MFC-L8900CDW|' +
      'Canon/imageRUNNER ADVANCE C5535i|Xerox/VersaLink C405|Ricoh/IM C3000',
    '',
    '002_2335A|002_2249A|ZJ2310251035|1.71|75.10.11|1.11',
    false,
  ),
  category(
    'NAS',
    'NAS',
    'Network storage and backup targets',
    'Synology/DS920+|Synology/DS1621+|Synology/RS1221+|QNAP/TS-464|QNAP/TS-873A',
    'Synology DSM/7.2.1|Synology DSM/7.1.1|QNAP QTS/5.1.4',
    'DSM 7.2.1-69057|DSM 7.1.1-42962|QTS 5.1.4.2596',
    false,
  ),
  category(
    'UPS',
    'UPS',
    'Battery backups',
    'APC/Smart-UPS 1500 SMT1500RM2U|APC/Back-UPS Pro 1500|CyberPower/CP1500PFCLCD|Eaton/5PX 1500',
    '',
    'UPS 09.8 / NMC 2.5.0.6|UPS 04.1|UPS 15.5',
    false,
  ),
  category(
    'Virtual Machine',
    'VM',
    'Virtual servers on the client hosts',
    'VMware, Inc./VMware Virtual Platform|Microsoft Corporation/Virtual Machine',
    `${WINDOWS_SERVER}|Ubuntu/22.04 LTS`,
    '',
    true,
  ),
];

export const STATUSES = list('In Service|In Storage|In Repair|On Order|Loaner|Retired|Disposed');

/** Software: 'Name/Vendor/Version'; common titles for everyone, line-of-business titles by industry kind. */
export const COMMON_SOFTWARE = list(
  'Microsoft 365 Business Premium/Microsoft/Current Channel|Microsoft 365 Business Standard/Microsoft/Current Channel|' +
    'Adobe Acrobat Pro/Adobe/2024|Zoom Workplace/Zoom/6.1|Keeper Business/Keeper Security/16.11|' +
    'Duo MFA/Cisco/6.3|Veeam Backup & Replication/Veeam/12.1|Datto SaaS Protection/Datto/|' +
    'RingCentral MVP/RingCentral/24.2|DocuSign Business Pro/DocuSign/|Microsoft Visio Plan 2/Microsoft/2024',
);
export const LOB_SOFTWARE: Record<string, string[]> = {
  dental: list('Dentrix/Henry Schein One/G7.5|Eaglesoft/Patterson Dental/24.0|Dexis Imaging/Dexis/10.3'),
  law: list('Clio Manage/Clio/|PracticePanther/PracticePanther/|Worldox GX4/Worldox/4.8'),
  accounting: list('QuickBooks Enterprise/Intuit/24.0|Lacerte Tax/Intuit/2023|Drake Tax/Drake Software/2023'),
  medical: list(
    'eClinicalWorks/eClinicalWorks/12.0|athenaOne/athenahealth/|Greenway Intergy/Greenway Health/11',
  ),
  vet: list('AVImark/Covetrus/2023.2|Cornerstone/IDEXX/9.4'),
  construction: list('Sage 100 Contractor/Sage/26.1|Procore/Procore/|QuickBooks Enterprise/Intuit/24.0'),
  design: list(
    'AutoCAD LT/Autodesk/2024|Revit/Autodesk/2024|Bluebeam Revu/Bluebeam/21.1|SketchUp Pro/Trimble/2024',
  ),
  office: list('QuickBooks Enterprise/Intuit/24.0|Sage 50 Accounting/Sage/2024|AppFolio/AppFolio/'),
};

/** Outage types: 'Name/Description', and titles of outages of each type (same order). */
export const OUTAGE_TYPES = list(
  'Internet Down/Loss of the internet connection at a site|Email Down/Mail flow or mailbox access failing|' +
    'Power Outage/Utility power loss at a site|Phone System/Phones cannot place or receive calls|' +
    'Server Down/An on-premises server is unreachable|Cloud Service/A hosted service (Microsoft 365, line of business) degraded|' +
    'Security Incident/Suspected compromise, malware or phishing|Backup Failure/Backups failing or out of date',
);
export const OUTAGE_TITLES: string[][] = [
  list(
    'Comcast fiber down at main office|ISP outage - modem offline|Internet slow and dropping|Circuit cut by road work',
  ),
  list(
    'Outbound mail stuck in queue|Exchange Online mailbox access failing|Email bouncing from partner domains',
  ),
  list('Building power outage|UPS on battery after storm|Generator test tripped breakers'),
  list('Phones not registering|No inbound calls on main line|RingCentral call quality issues'),
  list('File server unreachable|Domain controller offline|Host server rebooted unexpectedly'),
  list('Microsoft 365 service degradation|Line of business app not loading|Teams calls failing'),
  list('Phishing email clicked by staff|Suspicious sign-ins detected|Ransomware alert on workstation'),
  list('Nightly backup failed|Offsite replication behind|Backup target full'),
];

/** Documented systems: 'CATEGORY/Name/Description'; the LOB system takes its software's name ({lob}, {av}). */
export const SYSTEMS = list(
  'EMAIL/Email/Exchange Online mailboxes with MFA; shared mailboxes for the front desk.|' +
    'FIREWALL/Perimeter Firewall/Internet edge, site-to-site VPN and remote access.|' +
    'SERVER/File Server/Shared drives and the line-of-business database.|' +
    'BACKUP/Backups/Nightly image backups with offsite replication.|' +
    'LOB/{lob}/{lob} for the office, with its database on the server.|' +
    'SECURITY/Endpoint Protection/{av} on every workstation and server.|' +
    'PHONE/Phones/Hosted phones; the main line rings the front desk first.',
);
